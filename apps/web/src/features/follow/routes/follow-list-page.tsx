import '../follow.css';
import { useEffect, useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowOrder, Paged } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { money, plainNumber, signedMoney, trendClass } from '../../../lib/format';
import { ws } from '../../../lib/ws';
import { fetchCopies, fetchFollowed, followKeys } from '../api/follow-api';
import { CopyCard, Stat, TraderAvatar } from '../components/follow-parts';
import { usePagedList } from '../components/use-paged';
import { changesLists, followPushReader, useCopyLive } from '../model/copy-live';

function Copies({ status }: { status: 1 | 3 }) {
  const token = useAuth((s) => s.token);
  const q = usePagedList<Paged<FollowOrder>>(followKeys.copies(status, token), (page, signal) => fetchCopies(status, page, signal));
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (!q.data) return q.isError ? <LoadError onRetry={() => void q.refetch()} /> : <div className="tp-card"><LoadingLines rows={4} /></div>;
  if (items.length === 0) return <Empty />;
  return (
    <div data-testid={`follow-copies-${status}`}>
      {items.map((o) => (
        <CopyCard key={`${o.TraderOrderId}-${o.FollowerUserId}`} o={o} />
      ))}
      <PagedFooter query={q} testId={`follow-copies-${status}`} />
    </div>
  );
}

function Followed() {
  const { t } = useTranslation('follow');
  const token = useAuth((s) => s.token);
  const q = usePagedList(followKeys.followed(token), (page, signal) => fetchFollowed(page, signal));
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (!q.data) return q.isError ? <LoadError onRetry={() => void q.refetch()} /> : <div className="tp-card"><LoadingLines rows={3} /></div>;
  if (items.length === 0) return <Empty />;
  return (
    <div data-testid="follow-followed">
      {items.map((f) => (
        <Link key={f.user_id} to={`/follow/trader?id=${f.user_id}`} className="tp-card" style={{ display: 'block', color: 'inherit', textDecoration: 'none' }} data-testid="follow-followed-item">
          <div className="tp-follow-head">
            <TraderAvatar name={f.nickname} />
            <div>
              <span className="tp-follow-name">{f.nickname}</span>
              <span className="tp-muted" dir="ltr">×{plainNumber(f.multiple)} · {t('max_amount')} {money(f.max_amount)}</span>
            </div>
          </div>
          <div className="tp-follow-stats">
            <Stat label={t('open_copies')} value={plainNumber(f.position_num)} />
            <Stat label={t('margin_held')} value={money(f.total_amount)} />
            <Stat label={t('copy_profit')} value={signedMoney(f.total_profits)} className={trendClass(f.total_profits)} />
          </div>
        </Link>
      ))}
      <PagedFooter query={q} testId="follow-followed" />
    </div>
  );
}

/** /follow/follow-list: the traders I follow, my open copies (live) and my closed and skipped copies. */
export function FollowListPage() {
  const { t } = useTranslation('follow');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const [tab, setTab] = useState('open');
  // A copy opened or closed: the lists are read again. A copy's price and floating profit as the
  // market moves (about once a second): only its card's figures change, nothing is read again.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: followKeys.all });
    const openIds = () => {
      const data = queryClient.getQueryData<InfiniteData<Paged<FollowOrder>>>(followKeys.copies(1, token));
      return new Set((data?.pages ?? []).flatMap((p) => p.data.map((o) => o.Id)));
    };
    let active = true;
    const onCopy = (m: unknown) => {
      void followPushReader().then(({ readFollowTradePush }) => {
        if (!active) return;
        const push = readFollowTradePush(m);
        if (!push || changesLists(push, openIds())) refresh();
        if (push) useCopyLive.getState().apply(push);
      });
    };
    // FOREX_CLOSED too: a copy's own stop loss, take profit or stop-out closes it without the trader.
    const offs = [ws.subscribe('FOREX_FOLLOW_TRADE', onCopy), ws.subscribe('FOREX_CLOSED', refresh)];
    return () => {
      active = false;
      offs.forEach((off) => off());
      useCopyLive.getState().reset();
    };
  }, [queryClient, token]);
  return (
    <PageFrame title={tc('nav.follow_list')} fallback="/follow" testId="page-follow-follow-list">
      <Tabs className="tp-follow-tabs" activeKey={tab} onChange={setTab}>
        <Tabs.Tab title={t('tab_traders')} key="traders" />
        <Tabs.Tab title={t('tab_open')} key="open" />
        <Tabs.Tab title={t('tab_closed')} key="closed" />
      </Tabs>
      <div style={{ marginTop: 10 }}>{tab === 'traders' ? <Followed /> : <Copies key={tab} status={tab === 'open' ? 1 : 3} />}</div>
    </PageFrame>
  );
}
