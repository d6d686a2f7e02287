import '../follow.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { TRADER_APPLICATION_STATUS, type MyFollower } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { money, percent, plainNumber, signedMoney, trendClass } from '../../../lib/format';
import { fetchApplication, fetchFollowers, followKeys } from '../api/follow-api';
import { Stat, TraderAvatar } from '../components/follow-parts';
import { usePagedList } from '../components/use-paged';

/**
 * /follow/my-follower is a trader's screen. Anyone else is sent to the trader application (where
 * they apply, or see theirs waiting), not shown a trader's summary of zeros. The user's is_trader
 * may be older than an approval, so a non-trader's application state is asked before sending them.
 */
export function MyFollowerPage() {
  const token = useAuth((s) => s.token);
  const trader = useAuth((s) => s.user?.is_trader === 1);
  const application = useQuery({ queryKey: followKeys.application(token), queryFn: ({ signal }) => fetchApplication(signal), enabled: !trader });
  const { t: tc } = useTranslation();
  if (trader || application.data?.status === TRADER_APPLICATION_STATUS.approved) return <Followers />;
  if (application.data) return <Navigate to="/follow/trader-apply" replace />;
  return (
    <PageFrame title={tc('nav.follow_my_follower')} fallback="/follow" testId="page-follow-my-follower">
      {application.isError ? <LoadError onRetry={() => void application.refetch()} /> : <div className="tp-card"><LoadingLines rows={4} /></div>}
    </PageFrame>
  );
}

/** A trader's summary (shares earned, followers' floating profit) and their followers. */
function Followers() {
  const { t } = useTranslation('follow');
  const { t: tc } = useTranslation();
  const token = useAuth((s) => s.token);
  const q = usePagedList<MyFollower>(followKeys.followers(token), (page, signal) => fetchFollowers(page, signal));
  const first = q.data?.pages[0];
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <PageFrame title={tc('nav.follow_my_follower')} fallback="/follow" testId="page-follow-my-follower">
      {!first ? (
        q.isError ? <LoadError onRetry={() => void q.refetch()} /> : <div className="tp-card"><LoadingLines rows={4} /></div>
      ) : (
        <>
          <div className="tp-card">
            <div className="tp-follow-stats">
              <Stat label={t('shares_earned')} value={money(first.summary.total_profits)} testId="my-follower-shares" />
              <Stat label={t('position_profits')} value={signedMoney(first.summary.position_profits)} className={trendClass(first.summary.position_profits)} />
              <Stat label={t('followers')} value={plainNumber(first.summary.follow_num)} />
              <Stat label={t('copies_made')} value={plainNumber(first.summary.total)} />
            </div>
          </div>
          {items.length === 0 ? (
            <Empty />
          ) : (
            <div className="tp-card" data-testid="my-followers">
              {items.map((f) => (
                <div key={f.follow_id} className="tp-follow-row" data-testid="my-follower">
                  <TraderAvatar name={f.nickname} />
                  <span style={{ flex: 1, minWidth: 0 }}>
                    <span className="tp-follow-name">{f.nickname}</span>
                    <span className="tp-muted" dir="ltr">{t('share_paid')}: {money(f.share_paid)}</span>
                  </span>
                  <span style={{ textAlign: 'end' }}>
                    <span className={`tp-num ${trendClass(f.total_profits)}`} dir="ltr" style={{ display: 'block' }}>{signedMoney(f.total_profits)}</span>
                    <span className="tp-muted" dir="ltr">{percent(f.profitability)}</span>
                  </span>
                </div>
              ))}
              <PagedFooter query={q} testId="my-followers" />
            </div>
          )}
        </>
      )}
    </PageFrame>
  );
}
