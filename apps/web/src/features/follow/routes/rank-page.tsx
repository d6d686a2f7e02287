import '../follow.css';
import { useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FOLLOW_RANK_SORTS, type FollowLeader, type FollowRankSort } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { decimal, percent, plainNumber, signedMoney, signedPercent, trendClass } from '../../../lib/format';
import { fetchRanking, followKeys } from '../api/follow-api';
import { TraderAvatar, TraderName } from '../components/follow-parts';

/** The figure a sort ranks by, as the row shows it. */
function figure(l: FollowLeader, sort: FollowRankSort): { value: string; className: string } {
  switch (sort) {
    case 'rate':
      return { value: signedPercent(l.three_week_rate), className: trendClass(l.three_week_rate) };
    case 'win':
      return { value: percent(l.three_week_win), className: '' };
    case 'profit':
      return { value: signedMoney(l.three_week_profit), className: trendClass(l.three_week_profit) };
    case 'followers':
      return { value: plainNumber(l.follow_num), className: '' };
  }
}

/** /rank (tab): the ranking of traders, sortable by three-week rate, win rate, profit or followers. */
export function RankPage({ headerRight }: { headerRight?: ReactNode }) {
  const { t } = useTranslation('follow');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const [sort, setSort] = useState<FollowRankSort>('rate');
  const ranking = useQuery({ queryKey: followKeys.ranking(sort, token), queryFn: ({ signal }) => fetchRanking(sort, signal), staleTime: 5_000 });
  return (
    <PageFrame title={tc('nav.rank')} noBack withTabBar testId="page-rank" right={headerRight}>
      <div className="tp-follow-sorts">
        {FOLLOW_RANK_SORTS.map((s) => (
          <Button key={s} size="mini" shape="rounded" color={s === sort ? 'primary' : 'default'} aria-pressed={s === sort} data-testid={`rank-sort-${s}`} onClick={() => setSort(s)}>
            {t(`sort_${s}`)}
          </Button>
        ))}
      </div>
      {ranking.isError && !ranking.data ? (
        <LoadError onRetry={() => void ranking.refetch()} />
      ) : !ranking.data ? (
        <div className="tp-card">
          <LoadingLines rows={5} />
        </div>
      ) : ranking.data.length === 0 ? (
        <Empty />
      ) : (
        <div className="tp-card" data-testid="rank-list">
          {ranking.data.map((l, i) => {
            const f = figure(l, sort);
            return (
              <button key={l.user.id} type="button" className="tp-follow-row" data-testid="rank-row" onClick={() => navigate(`/follow/trader?id=${l.user.id}`)}>
                <span className="tp-follow-rank">{i + 1}</span>
                <TraderAvatar name={l.user.nickname} />
                <span style={{ flex: 1, minWidth: 0 }}>
                  <TraderName name={l.user.nickname} sample={l.is_sample} />
                  <span className="tp-muted" data-testid="rank-row-trades">
                    {t('trades_n', { count: l.three_week_trade_num, n: plainNumber(l.three_week_trade_num) })} · {t('win_short', { n: decimal(l.three_week_win, 2) })}
                  </span>
                </span>
                <span className={`tp-num ${f.className}`} dir="ltr" data-testid="rank-figure">
                  {f.value}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </PageFrame>
  );
}
