import '../mining.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FUND_SUB_STATUS, type FundSubscription } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageFrame } from '../../../components/ui/page-frame';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { decimal, plainNumber } from '../../../lib/format';
import { MINING_PLACES } from '../model/mining-model';
import { applyRefund, fetchSubscriptions, miningKeys } from '../api/funds';
import { Line, SubStatus } from '../components/bits';
import { PagedBlock, usePaged } from '../components/paged';
import { DateTime } from '../../../components/ui/date-time';

function SubCard({ sub, onRedeem }: { sub: FundSubscription; onRedeem: (s: FundSubscription) => void }) {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  const c = sub.get_fund.currency_code;
  return (
    <div className="tp-card tp-mining-card" data-testid="mining-sub" data-id={sub.id}>
      <div className="tp-mining-row">
        <b className="tp-mining-title">{sub.get_fund.title}</b>
        <SubStatus status={sub.status} />
      </div>
      <Line label={t('lock_amount')}>{`${plainNumber(sub.share_amount)} ${c}`}</Line>
      <Line label={t('daily_income')}>{`${decimal(sub.day_profit, MINING_PLACES)} ${c}`}</Line>
      <Line label={t('income_received')} testId="mining-sub-sum">{`${decimal(sub.sum_profit, MINING_PLACES)} ${c}`}</Line>
      <Line label={t('paid_days')} testId="mining-sub-days">
        <span dir="ltr">
          {plainNumber(sub.paid_days)}/{plainNumber(sub.get_fund.lock_dividend_days)}
        </span>
      </Line>
      <Line label={t('sub_time')}>
        <DateTime value={sub.sub_time} />
      </Line>
      <Line label={t('maturity')}>
        <DateTime value={sub.end_time} />
      </Line>
      <div className="tp-mining-actions">
        <Button size="small" fill="outline" onClick={() => navigate(`/mining/income?id=${sub.id}`)} data-testid="mining-incomes-link">
          {t('incomes')}
        </Button>
        {sub.status === FUND_SUB_STATUS.running ? (
          <Button size="small" color="warning" fill="outline" onClick={() => onRedeem(sub)} data-testid="mining-redeem">
            {t('redeem')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** /mining/record: the user's subscriptions with their status; early redemption only in status 1. */
export function RecordPage() {
  const { t } = useTranslation('mining');
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const query = usePaged(miningKeys.subs(token), (page, signal) => fetchSubscriptions(page, signal));
  const [redeeming, setRedeeming] = useState<FundSubscription>();
  const intent = useIntent();
  const send = async (sub: FundSubscription) => {
    try {
      await intent.run({ sub_id: sub.id }, (key) => applyRefund(sub.id, key));
      await queryClient.invalidateQueries({ queryKey: miningKeys.subs(token) });
    } catch {
      /* the api client showed the server's msg */
    }
  };
  const c = redeeming?.get_fund.currency_code ?? '';
  return (
    <PageFrame title={t('nav.mining_record', { ns: 'translation' })} fallback="/mining" testId="page-mining-record">
      <PagedBlock query={query} testId="mining-subs" render={(subs) => subs.map((s) => <SubCard key={s.id} sub={s} onRedeem={setRedeeming} />)} />
      <ConfirmDialog
        visible={!!redeeming}
        testId="mining-redeem-confirm"
        onClose={() => setRedeeming(undefined)}
        onConfirm={() => redeeming && void send(redeeming)}
        content={
          redeeming ? (
            <div className="tp-mining-confirm">
              <b>{t('redeem_title')}</b>
              <p data-testid="mining-redeem-text">
                {t('redeem_text', { penalty: decimal(redeeming.penalty, MINING_PLACES), currency: c, rate: plainNumber(redeeming.get_fund.liquidated_damages) })}
              </p>
              <Line label={t('lock_amount')}>{`${plainNumber(redeeming.share_amount)} ${c}`}</Line>
              <Line label={t('penalty')} testId="mining-redeem-penalty">{`${decimal(redeeming.penalty, MINING_PLACES)} ${c}`}</Line>
              <Line label={t('refund')} testId="mining-redeem-refund">{`${decimal(new Decimal(redeeming.share_amount).minus(redeeming.penalty), MINING_PLACES)} ${c}`}</Line>
            </div>
          ) : null
        }
      />
    </PageFrame>
  );
}
