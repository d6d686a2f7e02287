import '../follow.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NotFound } from '../../../components/ui/not-found';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { exactPrice, money, plainNumber, signedMoney, trendClass } from '../../../lib/format';
import { DateTime } from '../../../components/ui/date-time';
import { cancelFollow, fetchTrader, followKeys } from '../api/follow-api';
import { isRefusal, LeaderStats, TraderAvatar, TraderName } from '../components/follow-parts';

/** The daily equity curve as bars (green above zero, red below), scaled to the largest. */
function EquityBars({ curve }: { curve: { day: string; equity: string }[] }) {
  const max = Math.max(1e-9, ...curve.map((p) => Math.abs(Number(p.equity))));
  return (
    <div className="tp-follow-curve" dir="ltr" data-testid="trader-curve">
      {curve.map((p) => (
        <span key={p.day} title={`${p.day} ${money(p.equity)}`} style={{ height: `${Math.max(4, (Math.abs(Number(p.equity)) / max) * 100)}%`, background: Number(p.equity) >= 0 ? 'var(--tp-up)' : 'var(--tp-down)' }} />
      ))}
    </div>
  );
}

/** /follow/trader?id: the trader's card and figures, follow / unfollow, and every closed order with its ticks. */
export function TraderPage() {
  const { t } = useTranslation('follow');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const token = useAuth((s) => s.token);
  const me = useAuth((s) => s.user);
  const [confirm, setConfirm] = useState(false);
  const known = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: followKeys.trader(id, token), queryFn: ({ signal }) => fetchTrader(id, signal), enabled: known });
  const d = detail.data;
  const unfollow = async () => {
    setConfirm(false);
    await cancelFollow(id);
    await queryClient.invalidateQueries({ queryKey: followKeys.all });
  };
  return (
    <PageFrame title={tc('nav.follow_trader')} fallback="/follow" testId="page-follow-trader">
      {!known || isRefusal(detail.error) ? (
        <NotFound back="/follow" />
      ) : !d ? (
        detail.isError ? <LoadError onRetry={() => void detail.refetch()} /> : <div className="tp-card"><LoadingLines rows={6} /></div>
      ) : (
        <>
          <div className="tp-card">
            <div className="tp-follow-head">
              <TraderAvatar name={d.trader.nickname} />
              <div>
                <TraderName name={d.trader.nickname} sample={d.trader.is_sample} testId="trader-name" />
                <span className="tp-muted" data-testid="trader-followers">{t('followers_n', { count: d.trader.follow_num })}</span>
              </div>
            </div>
            {d.trader.is_sample ? (
              <p className="tp-muted tp-follow-sample-note" data-testid="trader-sample-note">
                {tc('sample_trader.note')}
              </p>
            ) : null}
            <LeaderStats s={d.stats} />
            {d.equity_curve.length > 1 ? <EquityBars curve={d.equity_curve} /> : null}
            {me?.id === id ? null : (
              <div className="tp-follow-actions">
                {d.settings ? (
                  <>
                    <Button fill="outline" color="primary" data-testid="trader-settings" onClick={() => navigate(`/follow/submit?id=${id}`)}>
                      {t('settings')}
                    </Button>
                    <Button fill="outline" color="danger" data-testid="trader-unfollow" onClick={() => setConfirm(true)}>
                      {t('unfollow')}
                    </Button>
                  </>
                ) : (
                  <Button color="primary" data-testid="trader-follow" onClick={() => navigate(token ? `/follow/submit?id=${id}` : `/login?from=${encodeURIComponent(`/follow/submit?id=${id}`)}`)}>
                    {t('follow')}
                  </Button>
                )}
              </div>
            )}
          </div>
          <h3 className="tp-section-title">{t('history')}</h3>
          {d.history.length === 0 ? (
            <Empty />
          ) : (
            d.history.map((h) => (
              <div key={h.Id} className="tp-card" data-testid="trader-history">
                <div className="tp-follow-copy-head">
                  <b>{h.ShowCode}</b>
                  <span className={h.OrderType === 1 ? 'tp-up' : 'tp-down'}>{t(h.OrderType === 1 ? 'buy' : 'sell')}</span>
                  <span className="tp-muted" dir="ltr">{plainNumber(h.Quantity)}</span>
                  {/* The trader's own closed order: an amount as every other, 2 decimals. */}
                  <span className={`tp-num tp-follow-end ${trendClass(h.FactProfits)}`} dir="ltr">{signedMoney(h.FactProfits)}</span>
                </div>
                <div className="tp-follow-fills">
                  <div>
                    <span className="tp-muted">{t('open_at')}</span>
                    <span className="tp-num" dir="ltr">{exactPrice(h.Price)}</span>
                    <span className="tp-muted">{t('tick_n', { n: h.OpenTickSeq })}</span>
                    <span className="tp-muted"><DateTime value={h.CreateTimeHandler} /></span>
                  </div>
                  <div>
                    <span className="tp-muted">{t('close_at')}</span>
                    <span className="tp-num" dir="ltr">{exactPrice(h.UpdatePrice)}</span>
                    <span className="tp-muted">{t('tick_n', { n: h.CloseTickSeq })}</span>
                    <span className="tp-muted"><DateTime value={h.CompleteTimeHandler} /></span>
                  </div>
                </div>
              </div>
            ))
          )}
        </>
      )}
      <ConfirmDialog visible={confirm} content={t('unfollow_warning')} onConfirm={() => void unfollow()} onClose={() => setConfirm(false)} testId="trader-unfollow-confirm" />
    </PageFrame>
  );
}
