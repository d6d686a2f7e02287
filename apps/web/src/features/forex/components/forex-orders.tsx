import '../forex-orders.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Tabs } from 'antd-mobile';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, FOREX_DEAL_TAB, type ForexDealTab, type ForexMyDeal, type ForexOrder } from '@tp/contracts';
import { dec, forexRiskRate, riskRateText, sum } from '@tp/domain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { PullRefresh } from '../../../components/ui/pull-refresh';
import { CardSkeletons, Empty, LoadError } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { money, plainNumber, ratePercent } from '../../../lib/format';
import { useBalance } from '../../../lib/queries';
import { useWsTopic } from '../../../lib/ws';
import {
  cancelForex,
  closeForex,
  forexDealsQuery,
  refreshAfterForexChange,
  removeForexOrders,
  replaceForexOrder,
  useForexDeals,
} from '../api/forex-api';
import { forexPushReaders, useForexLive } from '../model/forex-live';
import { forexTabOf, isLong } from '../model/forex-order-view';
import { DealingCard, HistoryCard, HoldingCard, Profit } from './forex-order-cards';
import { OrderDetailSheet, StopsSheet } from './forex-order-sheets';

const TABS: { key: ForexDealTab; title: string }[] = [
  { key: FOREX_DEAL_TAB.holding, title: 'forexOrders.tab_holding' },
  { key: FOREX_DEAL_TAB.pending, title: 'forexOrders.tab_dealing' },
  { key: FOREX_DEAL_TAB.history, title: 'forexOrders.tab_history' },
];

/** Risk rate colour: at 100 % the loss has eaten the free money; the stop-out level is lower still. */
function riskClass(rate: string | null): string {
  if (rate === null) return '';
  const r = dec(rate);
  return r.lte(100) ? 'tp-down' : r.lte(150) ? 'tp-fx-warn' : '';
}

/**
 * Holding totals: live from FOREX_TRADE (ProfitsTotal, CautionMoneyAll, HazardRate); before the
 * first push, from the list (all_fact_profits, the loaded orders' margins) and the contract
 * account, by the shared risk-rate rule. Between an order leaving and the next push, the totals
 * are the remaining orders' own live profits, so they agree with the cards.
 */
function HoldingSummary({ pages, complete }: { pages: ForexMyDeal[] | undefined; complete: boolean }) {
  const { t } = useTranslation();
  const live = useForexLive((s) => s.summary);
  const liveOrders = useForexLive((s) => s.orders);
  const balance = useBalance();
  const orders = pages?.flatMap((p) => p.data) ?? [];
  const held = orders.length > 0;
  let profit: string | null = pages?.[0]?.all_fact_profits ?? null;
  let margin: string | null = pages ? sum(orders.map((o) => o.CautionMoney)).toFixed() : null;
  let rate: string | null = null;
  if (live && held) {
    profit = live.ProfitsTotal;
    margin = live.CautionMoneyAll;
    rate = live.HazardRate;
  } else if (held && profit !== null && margin !== null) {
    if (complete && orders.every((o) => liveOrders[o.Id])) profit = sum(orders.map((o) => liveOrders[o.Id]!.FactProfits)).toFixed();
    const account = balance.data?.find((a) => a.accountTypeId === ACCOUNT_TYPES.forex);
    if (account) rate = riskRateText(forexRiskRate({ cash: dec(account.balance).plus(account.lockBalance), margin, floating: profit }));
  }
  return (
    <div className="tp-card tp-fx-summary" data-testid="forex-summary" data-live={live && held ? '1' : '0'}>
      <span>
        <span className="tp-muted">{t('forexOrders.total_profit')}</span>
        {profit === null ? <b>--</b> : <Profit value={profit} testId="forex-total-profit" />}
      </span>
      <span>
        <span className="tp-muted">{t('forexOrders.total_margin')}</span>
        <b data-testid="forex-total-margin">{money(margin)}</b>
      </span>
      <span>
        <span className="tp-muted">{t('forexOrders.risk_rate')}</span>
        <b className={riskClass(rate)} data-testid="forex-risk-rate">
          <bdi dir="ltr">{rate === null ? '--' : ratePercent(rate)}</bdi>
        </b>
      </span>
    </div>
  );
}

interface ListProps {
  status: ForexDealTab;
  /** Rendered above the list (the holding summary), also while it loads; `complete` when every page is loaded. */
  top?: (pages: ForexMyDeal[] | undefined, complete: boolean) => ReactNode;
  renderCard: (order: ForexOrder, open: () => void) => ReactNode;
  /** Sheets and dialogs of the list, given its current orders (an order gone takes its sheet with it). */
  overlays?: (orders: ForexOrder[]) => ReactNode;
}

/** One status tab: pull to refresh, skeletons, error with retry, empty, cards, paging, the detail sheet. */
function DealList({ status, top, renderCard, overlays }: ListProps) {
  const query = useForexDeals(status);
  const balance = useBalance();
  const [detailId, setDetailId] = useState<number | null>(null);
  const pages = query.data?.pages;
  const orders = useMemo(() => pages?.flatMap((p) => p.data) ?? [], [pages]);
  const detail = detailId === null ? undefined : orders.find((o) => o.Id === detailId);

  let body: ReactNode;
  if (!pages) body = query.isError ? <LoadError onRetry={() => void query.refetch()} /> : <CardSkeletons testId="forex-orders-loading" cardClassName="tp-fx-card tp-fx-skeleton" bodyHeight={48} gap={12} />;
  else if (orders.length === 0) body = <Empty />;
  else
    body = (
      <div data-testid={`forex-orders-${status}`}>
        {orders.map((o) => renderCard(o, () => setDetailId(o.Id)))}
        <PagedFooter query={query} testId={`forex-orders-${status}`} />
      </div>
    );

  return (
    <PullRefresh
      onRefresh={() => {
        void query.refetch();
        void balance.refetch();
      }}
    >
      {top?.(pages, !query.hasNextPage)}
      {body}
      {detail ? <OrderDetailSheet order={detail} onClose={() => setDetailId(null)} /> : null}
      {overlays?.(orders)}
    </PullRefresh>
  );
}

/**
 * Close (holding) or cancel (dealing) one order: on success it leaves its tab at once, before the
 * refetch of the lists and balances confirms it. `busyId` is the order on its way.
 */
function useLeaveAction(status: typeof FOREX_DEAL_TAB.pending | typeof FOREX_DEAL_TAB.holding, action: (id: number, idempotencyKey: string) => Promise<unknown>) {
  const client = useQueryClient();
  const token = useAuth((s) => s.token);
  const intent = useIntent();
  const [busyId, setBusyId] = useState<number | null>(null);
  const run = async (order: ForexOrder) => {
    setBusyId(order.Id);
    try {
      await intent.run({ id: order.Id }, (key) => action(order.Id, key));
      removeForexOrders(client, token, status, [order.Id]);
      useForexLive.getState().drop([order.Id]);
      refreshAfterForexChange(client);
    } catch {
      /* the api client showed the server's reason */
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, run };
}

/** What a confirmation says about an order: its symbol, side and lots. */
function orderWords(t: TFunction, order: ForexOrder) {
  return { code: order.ForexTradeLists.ShowCode, side: t(isLong(order) ? 'forexOrders.long' : 'forexOrders.short'), lots: plainNumber(order.Quantity) };
}

function HoldingTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const token = useAuth((s) => s.token);
  const [closeId, setCloseId] = useState<number | null>(null);
  const [stopsId, setStopsId] = useState<number | null>(null);
  const { busyId, run: close } = useLeaveAction(FOREX_DEAL_TAB.holding, closeForex);

  return (
    <DealList
      status={FOREX_DEAL_TAB.holding}
      top={(pages, complete) => <HoldingSummary pages={pages} complete={complete} />}
      renderCard={(o, open) => (
        <HoldingCard key={o.Id} order={o} busy={busyId === o.Id} onOpen={open} onStops={() => setStopsId(o.Id)} onClose={() => setCloseId(o.Id)} />
      )}
      overlays={(orders) => {
        const closing = orders.find((o) => o.Id === closeId);
        const stops = orders.find((o) => o.Id === stopsId);
        return (
          <>
            <ConfirmDialog
              visible={!!closing}
              testId="forex-close-confirm"
              content={closing ? t('forexOrders.close_confirm', orderWords(t, closing)) : null}
              onConfirm={() => closing && void close(closing)}
              onClose={() => setCloseId(null)}
            />
            {stops ? (
              <StopsSheet
                key={stops.Id}
                order={stops}
                onClose={() => setStopsId(null)}
                onSaved={(updated) => {
                  replaceForexOrder(client, token, FOREX_DEAL_TAB.holding, updated);
                  setStopsId(null);
                  refreshAfterForexChange(client);
                }}
              />
            ) : null}
          </>
        );
      }}
    />
  );
}

function DealingTab() {
  const { t } = useTranslation();
  const [cancelId, setCancelId] = useState<number | null>(null);
  const { busyId, run: cancel } = useLeaveAction(FOREX_DEAL_TAB.pending, cancelForex);

  return (
    <DealList
      status={FOREX_DEAL_TAB.pending}
      renderCard={(o, open) => <DealingCard key={o.Id} order={o} busy={busyId === o.Id} onOpen={open} onCancel={() => setCancelId(o.Id)} />}
      overlays={(orders) => {
        const cancelling = orders.find((o) => o.Id === cancelId);
        return (
          <ConfirmDialog
            visible={!!cancelling}
            testId="forex-cancel-confirm"
            content={cancelling ? t('forexOrders.cancel_confirm', orderWords(t, cancelling)) : null}
            confirmText={t('forexOrders.cancel_order')}
            cancelText={t('forexOrders.keep_order')}
            onConfirm={() => cancelling && void cancel(cancelling)}
            onClose={() => setCancelId(null)}
          />
        );
      }}
    />
  );
}

function HistoryTab() {
  return <DealList status={FOREX_DEAL_TAB.history} renderCard={(o, open) => <HistoryCard key={o.Id} order={o} onOpen={open} />} />;
}

type DealsData = InfiniteData<ForexMyDeal, number>;

/**
 * The live side of the contract tabs, whichever tab shows: FOREX_TRADE feeds the live store, and
 * an order id it does not know (a pending order just filled) refetches holding and dealing once;
 * FOREX_CLOSED takes the orders out of the cached lists at once (their sheets close with them),
 * then refetches the lists and the balances. Both topics are private: the socket client subscribes
 * them after its login.
 */
function useForexPushes() {
  const client = useQueryClient();
  const token = useAuth((s) => s.token);
  /** Ids already refetched for (or gone): each unknown id refetches once, never every second. */
  const seen = useRef(new Set<number>());

  /**
   * The login the pushes belong to, ended when the screen goes or the token changes: a push still
   * being read (the first one waits for its reader) then changes nothing, so another login's
   * figures never land in this one's store.
   */
  const login = useRef({ live: true });
  useEffect(() => {
    const current = { live: true };
    login.current = current;
    const store = useForexLive.getState();
    return () => {
      current.live = false;
      store.reset();
    };
  }, [token]);

  useWsTopic(token ? 'FOREX_TRADE' : null, (m) => {
    const from = login.current;
    void forexPushReaders().then(({ readTradePush }) => {
      const push = from.live ? readTradePush(m) : null;
      if (!push) return;
      useForexLive.getState().apply(push);
      const holding = client.getQueryData<DealsData>(forexDealsQuery(token, FOREX_DEAL_TAB.holding).queryKey);
      if (!holding) return;
      const known = new Set(holding.pages.flatMap((p) => p.data.map((o) => o.Id)));
      const fresh = push.TransOrder.filter((o) => !known.has(o.Id) && !seen.current.has(o.Id));
      if (fresh.length === 0) return;
      for (const o of fresh) seen.current.add(o.Id);
      void client.invalidateQueries({ queryKey: forexDealsQuery(token, FOREX_DEAL_TAB.holding).queryKey });
      void client.invalidateQueries({ queryKey: forexDealsQuery(token, FOREX_DEAL_TAB.pending).queryKey });
    });
  });

  useWsTopic(token ? 'FOREX_CLOSED' : null, (m) => {
    const from = login.current;
    void forexPushReaders().then(({ readClosedPush }) => {
      const push = from.live ? readClosedPush(m) : null;
      if (!push || push.id.length === 0) return;
      for (const id of push.id) seen.current.add(id);
      removeForexOrders(client, token, FOREX_DEAL_TAB.holding, push.id);
      removeForexOrders(client, token, FOREX_DEAL_TAB.pending, push.id);
      useForexLive.getState().drop(push.id);
      refreshAfterForexChange(client);
    });
  });
}

/** The contract side of /order: holding, dealing and history, picked by the query `type`. */
export function ForexOrders({ type, onType }: { type: string | null; onType: (type: string) => void }) {
  const { t } = useTranslation();
  const tab = forexTabOf(type);
  useForexPushes();
  return (
    <div className="tp-fx-orders tp-order-tabs" data-testid="forex-orders" data-tab={tab}>
      <Tabs activeKey={String(tab)} onChange={(k) => onType(String(forexTabOf(k)))}>
        {TABS.map((x) => (
          <Tabs.Tab key={String(x.key)} title={<span data-testid={`forex-tab-${x.key}`}>{t(x.title)}</span>} />
        ))}
      </Tabs>
      {tab === 1 ? <HoldingTab /> : tab === 0 ? <DealingTab /> : <HistoryTab />}
    </div>
  );
}
