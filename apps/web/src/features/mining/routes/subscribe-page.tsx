import '../mining.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TYPES, type Fund } from '@tp/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { decimal, money, plainNumber, plainPercent } from '../../../lib/format';
import { MINING_PLACES } from '../model/mining-model';
import { DateTime } from '../../../components/ui/date-time';
import { useBalance } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { buyFund, fetchFund, miningKeys } from '../api/funds';
import { Line } from '../components/bits';
import { cleanAmount, subscribePreview } from '../model/mining-model';
import { FundImage } from './mining-page';

function SubscribeForm({ fund }: { fund: Fund }) {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const balance = useBalance();
  const intent = useIntent();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const available = balance.data?.find((a) => a.accountTypeId === ACCOUNT_TYPES.change)?.balance;
  const preview = subscribePreview(amount, fund, Date.now());
  const outOfRange = preview && preview.check !== 'ok';

  const fillAll = () => {
    if (!available) return;
    // the most this account can lock: its available balance, never more than the fund's maximum
    const most = Number(available) < Number(fund.max_sub_amount) ? available : fund.max_sub_amount;
    setAmount(cleanAmount(most));
  };
  const submit = () => {
    if (!amount.trim() || !preview) return toast(t('input_lock_num'));
    if (outOfRange) return toast(t('out_of_range', { min: fund.staring_sub_amount, max: fund.max_sub_amount }));
    setConfirming(true);
  };
  const send = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const input = { id: fund.id, amount };
      await intent.run(input, (key) => buyFund(input, key));
      await Promise.all([queryClient.invalidateQueries({ queryKey: miningKeys.balance }), queryClient.invalidateQueries({ queryKey: miningKeys.subs(token) })]);
      navigate('/mining/record', { replace: true });
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };

  const c = fund.currency_code;
  return (
    <>
      <div className="tp-card tp-mining-card">
        <div className="tp-mining-head">
          <FundImage fund={fund} size={56} />
          <div className="tp-mining-head-text">
            <b className="tp-mining-title" data-testid="subscribe-title">{fund.title}</b>
            <span className="tp-muted">{fund.currency_code}</span>
          </div>
        </div>
        <Line label={t('daily_rate')}>
          <span dir="ltr">{plainPercent(fund.dividend_percentage)}</span>
        </Line>
        <Line label={t('term')}>{t('days', { count: fund.lock_dividend_days, n: plainNumber(fund.lock_dividend_days) })}</Line>
        <Line label={t('amount_bounds')} testId="subscribe-bounds">
          <span dir="ltr">
            {plainNumber(fund.staring_sub_amount)} - {plainNumber(fund.max_sub_amount)} {c}
          </span>
        </Line>
        <Line label={t('penalty_rate')}>
          <span dir="ltr">{plainPercent(fund.liquidated_damages)}</span>
        </Line>
        {fund.desc ? (
          <p className="tp-muted tp-mining-desc" dir="auto">
            {fund.desc}
          </p>
        ) : null}
      </div>
      <div className="tp-card">
        <Field
          name="mining-amount"
          label={t('lock_amount')}
          value={amount}
          onChange={(v) => setAmount(cleanAmount(v))}
          placeholder={t('input_lock_num')}
          inputMode="decimal"
          testId="subscribe-amount"
          suffix={
            <Button size="mini" fill="none" color="primary" className="tp-input-suffix" onClick={fillAll} data-testid="subscribe-all">
              {t('all')}
            </Button>
          }
        />
        <div className="tp-mining-hints">
          <span className="tp-muted" data-testid="subscribe-available">
            {t('available', { amount: money(available), currency: c })}
          </span>
        </div>
        {outOfRange ? (
          <div className="tp-error-text" data-testid="subscribe-range-error">
            {t('out_of_range', { min: plainNumber(fund.staring_sub_amount), max: plainNumber(fund.max_sub_amount) })}
          </div>
        ) : null}
        <div className="tp-mining-quote">
          <Line label={t('daily_income')} testId="subscribe-daily">
            {preview ? `${decimal(preview.daily, MINING_PLACES)} ${c}` : '--'}
          </Line>
          <Line label={t('total_income')} testId="subscribe-total">
            {preview ? `${decimal(preview.total, MINING_PLACES)} ${c}` : '--'}
          </Line>
          <Line label={t('maturity')} testId="subscribe-maturity">
            <DateTime value={Date.now() + fund.lock_dividend_days * 24 * 3600 * 1000} />
          </Line>
        </div>
        <Button block color="primary" size="large" loading={busy} onClick={submit} data-testid="subscribe-submit">
          {t('subscribe')}
        </Button>
      </div>
      <ConfirmDialog
        visible={confirming}
        testId="subscribe-confirm"
        onClose={() => setConfirming(false)}
        onConfirm={() => void send()}
        content={
          <div className="tp-mining-confirm">
            <b>{t('confirm_title')}</b>
            <Line label={t('lock_amount')}>{`${plainNumber(amount)} ${c}`}</Line>
            <Line label={t('daily_income')}>{preview ? `${decimal(preview.daily, MINING_PLACES)} ${c}` : '--'}</Line>
            <Line label={t('total_income')}>{preview ? `${decimal(preview.total, MINING_PLACES)} ${c}` : '--'}</Line>
            <Line label={t('maturity')}>
              <DateTime value={preview?.maturityMs} />
            </Line>
          </div>
        }
      />
    </>
  );
}

/** /mining/subscribe?id: the fund's terms, the amount, and what it will pay before confirming. */
export function SubscribePage() {
  const { t } = useTranslation('mining');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const fund = useQuery({ queryKey: miningKeys.fund(id), queryFn: ({ signal }) => fetchFund(id, signal), enabled: valid });
  let body;
  if (!valid) body = <Empty />;
  else if (fund.isPending) body = <div className="tp-card"><LoadingLines rows={6} /></div>;
  else if (fund.isError) body = <LoadError onRetry={() => void fund.refetch()} />;
  else body = <SubscribeForm fund={fund.data} />;
  return (
    <PageFrame title={t('nav.mining_subscribe', { ns: 'translation' })} fallback="/mining" testId="page-mining-subscribe">
      {body}
    </PageFrame>
  );
}
