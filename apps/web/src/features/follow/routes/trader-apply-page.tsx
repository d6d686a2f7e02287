import '../follow.css';
import { useState } from 'react';
import { Button, Checkbox, Result } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRADER_APPLICATION_STATUS } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { applyTrader, fetchApplication, followKeys } from '../api/follow-api';

/** /follow/trader-apply: the guide, the agreement, submit; then "waiting for review". */
export function TraderApplyPage() {
  const { t } = useTranslation('follow');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const demo = isDemoUser(useAuth((s) => s.user));
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = useQuery({ queryKey: followKeys.application(token), queryFn: ({ signal }) => fetchApplication(signal) });
  const submit = async () => {
    if (!agreed) return toast(t('agree_first'));
    setBusy(true);
    try {
      await applyTrader();
      await queryClient.invalidateQueries({ queryKey: followKeys.application(token) });
    } finally {
      setBusy(false);
    }
  };
  const status = state.data?.status;
  return (
    <PageFrame title={tc('nav.follow_trader_apply')} fallback="/follow" testId="page-follow-trader-apply">
      {state.isError && !state.data ? (
        <LoadError onRetry={() => void state.refetch()} />
      ) : status === undefined ? (
        <div className="tp-card"><LoadingLines rows={4} /></div>
      ) : status === TRADER_APPLICATION_STATUS.waiting ? (
        <Result status="waiting" title={t('apply_waiting')} description={t('apply_waiting_desc')} data-testid="apply-waiting" />
      ) : status === TRADER_APPLICATION_STATUS.approved ? (
        <Result status="success" title={t('apply_approved')} data-testid="apply-approved" />
      ) : (
        <div className="tp-card">
          {status === TRADER_APPLICATION_STATUS.rejected ? <p className="tp-follow-skip">{t('apply_rejected')}</p> : null}
          <h3 className="tp-section-title">{t('apply_guide_title')}</h3>
          <p className="tp-follow-guide">{t('apply_guide')}</p>
          {demo ? <p className="tp-follow-skip">{t('apply_demo')}</p> : null}
          <Checkbox checked={agreed} onChange={setAgreed} data-testid="apply-agree">
            {t('apply_agree')}
          </Checkbox>
          <Button block color="primary" style={{ marginTop: 16 }} loading={busy} disabled={demo} onClick={() => void submit()} data-testid="apply-submit">
            {t('apply_submit')}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}
