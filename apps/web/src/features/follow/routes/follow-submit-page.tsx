import '../follow.css';
import { useEffect, useState } from 'react';
import { Button, Checkbox, Switch } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FOLLOW_MAX_AMOUNT_RANGE, FOLLOW_MULTIPLE_RANGE } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { NotFound } from '../../../components/ui/not-found';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { plainNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fetchTrader, followKeys, followTrader } from '../api/follow-api';
import { isRefusal, TraderAvatar } from '../components/follow-parts';

const DECIMAL = /^\d{1,14}(\.\d{1,6})?$/;
function within(v: string, r: { min: string; max: string }): boolean {
  return DECIMAL.test(v) && Number(v) >= Number(r.min) && Number(v) <= Number(r.max);
}

/** /follow/submit?id: order multiple, max follow margin per copy, auto-follow, agreement. */
export function FollowSubmitPage() {
  const { t } = useTranslation('follow');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const token = useAuth((s) => s.token);
  const known = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: followKeys.trader(id, token), queryFn: ({ signal }) => fetchTrader(id, signal), enabled: known });
  const [multiple, setMultiple] = useState('1');
  const [maxAmount, setMaxAmount] = useState('100');
  const [auto, setAuto] = useState(true);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const settings = detail.data?.settings;
  useEffect(() => {
    if (!settings) return;
    setMultiple(settings.multiple);
    setMaxAmount(settings.max_amount);
    setAuto(settings.auto_follow === 1);
  }, [settings]);
  const submit = async () => {
    if (!within(multiple, FOLLOW_MULTIPLE_RANGE)) return toast(t('multiple_range', FOLLOW_MULTIPLE_RANGE));
    if (!within(maxAmount, FOLLOW_MAX_AMOUNT_RANGE)) return toast(t('max_amount_range', FOLLOW_MAX_AMOUNT_RANGE));
    if (!agreed) return toast(t('agree_first'));
    setBusy(true);
    try {
      await followTrader({ trader_id: id, multiple, max_amount: maxAmount, auto_follow: auto ? 1 : 0 });
      await queryClient.invalidateQueries({ queryKey: followKeys.all });
      navigate(`/follow/trader?id=${id}`, { replace: true });
    } finally {
      setBusy(false);
    }
  };
  const d = detail.data;
  return (
    <PageFrame title={tc('nav.follow_submit')} fallback="/follow" testId="page-follow-submit">
      {!known || isRefusal(detail.error) ? (
        <NotFound back="/follow" />
      ) : !d ? (
        detail.isError ? <LoadError onRetry={() => void detail.refetch()} /> : <div className="tp-card"><LoadingLines rows={4} /></div>
      ) : (
        <div className="tp-card">
          <div className="tp-follow-head" style={{ marginBottom: 12 }}>
            <TraderAvatar name={d.trader.nickname} />
            <div>
              <span className="tp-follow-name">{d.trader.nickname}</span>
            </div>
          </div>
          <Field label={t('multiple')} value={multiple} onChange={setMultiple} inputMode="decimal" name="multiple" testId="follow-multiple" />
          <p className="tp-muted">{t('multiple_help', { min: plainNumber(FOLLOW_MULTIPLE_RANGE.min), max: plainNumber(FOLLOW_MULTIPLE_RANGE.max) })}</p>
          <Field label={t('max_amount')} value={maxAmount} onChange={setMaxAmount} inputMode="decimal" name="max_amount" testId="follow-max-amount" />
          <p className="tp-muted">{t('max_amount_help', { min: plainNumber(FOLLOW_MAX_AMOUNT_RANGE.min), max: plainNumber(FOLLOW_MAX_AMOUNT_RANGE.max) })}</p>
          <div className="tp-follow-copy-head" style={{ margin: '12px 0' }}>
            <span>{t('auto_follow')}</span>
            <span className="tp-follow-end">
              <Switch checked={auto} onChange={setAuto} data-testid="follow-auto" />
            </span>
          </div>
          <Checkbox checked={agreed} onChange={setAgreed} data-testid="follow-agree">
            {t('follow_agree')}
          </Checkbox>
          <Button block color="primary" style={{ marginTop: 16 }} loading={busy} onClick={() => void submit()} data-testid="follow-submit">
            {t(settings ? 'save' : 'follow')}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}
