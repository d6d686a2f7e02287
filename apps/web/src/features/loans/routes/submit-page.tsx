import '../loans.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fetchConfigs, loanKeys } from '../api/loans';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { Kv } from '../components/kv';
import { amountWithin, cleanAmount, percent } from '../model';

/**
 * /loan/submit?id=&amount=: the term and the amount. Both are kept in the address, so Back from the
 * agreement returns to the term and amount chosen. An amount outside the term's bounds (shown in
 * the option label) is refused here, before the agreement is rendered for it.
 */
export function SubmitPage() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useAuth((s) => s.token);
  const configs = useQuery({ queryKey: loanKeys.configs(token), queryFn: ({ signal }) => fetchConfigs(signal), staleTime: 60_000 });
  const [configId, setConfigId] = useState<number | undefined>(() => Number(params.get('id')) || undefined);
  const [amount, setAmount] = useState(() => cleanAmount(params.get('amount') ?? ''));
  // The bounds the last Next refused, until the amount or the term changes.
  const [outOfRange, setOutOfRange] = useState(false);

  let body;
  if (configs.isPending) body = <div className="tp-card"><LoadingLines rows={6} /></div>;
  else if (configs.isError) body = <LoadError onRetry={() => void configs.refetch()} />;
  else if (configs.data.length === 0) body = <Empty>{t('loan.no_terms')}</Empty>;
  else {
    const config = configs.data.find((c) => c.id === configId) ?? configs.data[0]!;
    const next = () => {
      if (!amount || Number(amount) <= 0) return toast(t('loan.input_amount'));
      if (!amountWithin(amount, config)) return setOutOfRange(true);
      const chosen = `id=${config.id}&amount=${encodeURIComponent(amount)}`;
      navigate(`/loan/submit?${chosen}`, { replace: true });
      navigate(`/loan/agreement?${chosen}`);
    };
    body = (
      <div className="tp-card">
        <div className="tp-field">
          <label>{t('loan.term')}</label>
          <ChoiceChips
            options={configs.data.map((c) => ({ value: c.id, label: t('loan.days', { count: c.loan_period }), sub: `${money(c.min_amount)} - ${money(c.max_amount)}` }))}
            value={config.id}
            onChange={(id) => {
              setConfigId(id);
              setOutOfRange(false);
            }}
            testId="loan-term"
            ariaLabel={t('loan.term')}
          />
        </div>
        <Field
          name="loan-amount"
          label={t('loan.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(cleanAmount(v));
            setOutOfRange(false);
          }}
          placeholder={t('loan.input_amount')}
          inputMode="decimal"
          testId="loan-amount"
          suffix={
            <Button
              size="mini"
              fill="none"
              color="primary"
              onClick={() => {
                setAmount(config.max_amount);
                setOutOfRange(false);
              }}
              data-testid="loan-max"
            >
              {t('loan.max')}
            </Button>
          }
        />
        {outOfRange ? (
          <p className="tp-loan-error" role="alert" data-testid="loan-amount-error">
            {t('loan.amount_range', { min: money(config.min_amount), max: money(config.max_amount) })}
          </p>
        ) : null}
        <div className="tp-loan-terms">
          <Kv label={t('loan.interest_rate')}>{t('loan.per_day', { rate: percent(config.interest_rate) })}</Kv>
          <Kv label={t('loan.free_period')}>{t('loan.days', { count: config.free_period })}</Kv>
          <Kv label={t('loan.penalty_rate')}>{t('loan.per_day', { rate: percent(config.penalty_rate) })}</Kv>
        </div>
        <p className="tp-muted tp-loan-note" data-testid="loan-review-promise">{t('loan.review_promise')}</p>
        <div className="tp-actions">
          <Button block color="primary" size="large" onClick={next} data-testid="loan-next">
            {t('loan.next')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <PageFrame
      title={t('loan.apply')}
      testId="page-loan-submit"
      fallback="/"
      right={
        <Button size="mini" fill="none" onClick={() => navigate('/loan/record')} data-testid="loan-records-link">
          {t('loan.records')}
        </Button>
      }
    >
      {body}
    </PageFrame>
  );
}
