import '../follow.css';
import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Paged, Trader } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { signedMoney, signedPercent, trendClass } from '../../../lib/format';
import { fetchTraders, followKeys } from '../api/follow-api';
import { TraderAvatar, TraderName, Stat } from '../components/follow-parts';
import { usePagedList } from '../components/use-paged';

function TraderRow({ trader }: { trader: Trader }) {
  const { t } = useTranslation('follow');
  const navigate = useNavigate();
  // A trader's own card: nothing to follow (the server refuses following oneself).
  const own = useAuth((s) => s.user?.id === trader.user_id);
  return (
    <div className="tp-card" data-testid="follow-trader">
      <Link to={`/follow/trader?id=${trader.user_id}`} className="tp-follow-head" style={{ color: 'inherit', textDecoration: 'none' }}>
        <TraderAvatar name={trader.nickname} />
        <div>
          <TraderName name={trader.nickname} sample={trader.is_sample} />
          <span className="tp-muted" data-testid="follow-trader-followers">{t('followers_n', { count: trader.follow_num })}</span>
        </div>
      </Link>
      <div className="tp-follow-stats">
        <Stat label={t('total_rate')} value={signedPercent(trader.profit_percent)} className={trendClass(trader.profit_percent)} />
        <Stat label={t('total_profit')} value={signedMoney(trader.total_profit)} className={trendClass(trader.total_profit)} />
        {own ? null : (
          <div className="tp-follow-stat">
            <Button
              size="small"
              color="primary"
              fill={trader.is_followed ? 'outline' : 'solid'}
              data-testid="follow-trader-follow"
              onClick={() => navigate(trader.is_followed ? `/follow/trader?id=${trader.user_id}` : `/follow/submit?id=${trader.user_id}`)}
            >
              {t(trader.is_followed ? 'following' : 'follow')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

/** /follow (tab): links to the follow list and my-follower or trader-apply, then the traders. */
export function FollowHomePage({ headerRight }: { headerRight?: ReactNode }) {
  const { t } = useTranslation('follow');
  const { t: tc } = useTranslation();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);
  const traders = usePagedList<Paged<Trader>>(followKeys.traders(token), (page, signal) => fetchTraders(page, signal));
  const pages = traders.data?.pages;
  const items = pages?.flatMap((p) => p.data) ?? [];
  return (
    <PageFrame title={tc('nav.follow')} noBack withTabBar testId="page-follow" right={headerRight}>
      <div className="tp-follow-links">
        <Link className="tp-follow-link" to="/follow/follow-list" data-testid="follow-link-list">
          {t('my_follows')}
        </Link>
        {user?.is_trader ? (
          <Link className="tp-follow-link" to="/follow/my-follower" data-testid="follow-link-my-follower">
            {t('my_followers')}
          </Link>
        ) : (
          <Link className="tp-follow-link" to="/follow/trader-apply" data-testid="follow-link-apply">
            {t('become_trader')}
          </Link>
        )}
      </div>
      {!pages ? (
        traders.isError ? (
          <LoadError onRetry={() => void traders.refetch()} />
        ) : (
          <div className="tp-card">
            <LoadingLines rows={4} />
          </div>
        )
      ) : items.length === 0 ? (
        <Empty />
      ) : (
        <div data-testid="follow-traders">
          {items.map((tr) => (
            <TraderRow key={tr.user_id} trader={tr} />
          ))}
          <PagedFooter query={traders} testId="follow-traders" />
        </div>
      )}
    </PageFrame>
  );
}
