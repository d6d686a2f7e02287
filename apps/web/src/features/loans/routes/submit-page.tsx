import '../loans.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fetchConfigs, loanKeys } from '../api/loans';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { Kv } from '../components/kv';
import { cleanAmount, percent } from '../model';

/** /loan/submit: the term and the amount; bounds are in the option label and checked by the server. */
export function SubmitPage() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const configs = useQuery({ queryKey: loanKeys.configs(token), queryFn: ({ signal }) => fetchConfigs(signal), staleTime: 60_000 });
  const [configId, setConfigId] = useState<number>();
  const [amount, setAmount] = useState('');

  let body;
  if (configs.isPending) body = <div className="tp-card"><LoadingLines rows={6} /></div>;
  else if (configs.isError) body = <LoadError onRetry={() => void configs.refetch()} />;
  else if (configs.data.length === 0) body = <Empty>{t('loan.no_terms')}</Empty>;
  else {
    const config = configs.data.find((c) => c.id === configId) ?? configs.data[0]!;
    const next = () => {
      if (!amount || Number(amount) <= 0) return toast(t('loan.input_amount'));
      navigate(`/loan/agreement?id=${config.id}&amount=${encodeURIComponent(amount)}`);
    };
    body = (
      <div className="tp-card">
        <div className="tp-field">
          <label>{t('loan.term')}</label>
          <ChoiceChips
            options={configs.data.map((c) => ({ value: c.id, label: t('loan.days', { n: c.loan_period }), sub: `${money(c.min_amount)} - ${money(c.max_amount)}` }))}
            value={config.id}
            onChange={setConfigId}
            testId="loan-term"
            ariaLabel={t('loan.term')}
          />
        </div>
        <Field
          name="loan-amount"
          label={t('loan.amount')}
          value={amount}
          onChange={(v) => setAmount(cleanAmount(v))}
          placeholder={t('loan.input_amount')}
          inputMode="decimal"
          testId="loan-amount"
          suffix={
            <Button size="mini" fill="none" color="primary" onClick={() => setAmount(config.max_amount)} data-testid="loan-max">
              {t('loan.max')}
            </Button>
          }
        />
        <div className="tp-loan-terms">
          <Kv label={t('loan.interest_rate')}>{t('loan.per_day', { rate: percent(config.interest_rate) })}</Kv>
          <Kv label={t('loan.free_period')}>{t('loan.days', { n: config.free_period })}</Kv>
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
