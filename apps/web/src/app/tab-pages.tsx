import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { TradeSymbol } from '@tp/contracts';
import { PartFallback, ScreenFallback } from '../components/ui/screen-fallback';
import { UserScreenShell } from '../features/account/components/user-head';
import { HomePage } from '../features/home/routes/home-page';
import { HomeMarkets } from '../features/market/components/home-markets';
import { useQuote } from '../features/market/model/quote-store';
import type { TradeMode } from '../features/market/routes/trade-page';
import { HeaderActions } from '../features/settings/components/header-actions';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useAuth } from '../lib/auth-store';
import type { MicroTab } from '../features/micro/components/micro-orders';
import { AlertButton, FirstScreenShown, FollowHomePage, ForexOrderForm, ForexOrders, loadOrderPage, MicroOrderForm, MicroOrders, RankPage, TradePage, UserPage } from './lazy-screens';
import { TABS, type TabPath } from './routes';

// /order with its source control (antd-mobile's Segmented and its motion library) is a chunk of
// its own, not part of the first load; it is fetched with the other tab screens (lazy-screens.ts).
const OrderPage = lazy(() => loadOrderPage().then((m) => ({ default: m.OrderPage })));

/** The contract form priced by the live quote (DAY_MARKET); a new symbol starts a fresh form. */
function ContractOrderForm({ symbol }: { symbol: TradeSymbol }) {
  const live = useQuote(symbol.Code);
  return <ForexOrderForm symbol={symbol} price={live?.close ?? symbol.ForexQuotations.Close} />;
}

/** The trade screen's order forms: contract (forex) and future (option). */
export function renderOrderForm(mode: TradeMode, symbol: TradeSymbol): ReactNode {
  return (
    <Suspense fallback={<PartFallback />}>
      {mode === 'future' ? <MicroOrderForm symbol={symbol} /> : <ContractOrderForm key={symbol.Id} symbol={symbol} />}
    </Suspense>
  );
}

/** The trade screen's price alert bell, starting from the live quote; its code comes when first shown. */
function SymbolAlertButton({ symbol }: { symbol: TradeSymbol }) {
  const live = useQuote(symbol.Code);
  return <AlertButton symbol={symbol} current={live?.close ?? symbol.ForexQuotations.Close} />;
}

export function renderSymbolActions(symbol: TradeSymbol): ReactNode {
  return (
    <Suspense fallback={null}>
      <SymbolAlertButton symbol={symbol} />
    </Suspense>
  );
}

/**
 * The contract side of /order: holding, dealing and history, the status tab kept in the query
 * `type`. Copies of traders' orders (FollowType 2) are in the same lists, each marked with its
 * trader and the trader's fill beside its own.
 */
function renderContractOrders(type: string | null, setType: (type: string) => void): ReactNode {
  return (
    <Suspense fallback={<PartFallback />}>
      <ForexOrders type={type} onType={setType} />
    </Suspense>
  );
}

/** The future (option) side of /order: running and closed, the tab kept in the query `type`. */
function renderFutureOrders(tab: MicroTab, setTab: (tab: MicroTab) => void): ReactNode {
  return (
    <Suspense fallback={<PartFallback />}>
      <MicroOrders tab={tab} onTab={setTab} />
    </Suspense>
  );
}

/** The header's account actions: the notification bell (signed in), language and service. */
function AccountActions() {
  return <HeaderActions leading={<NotificationBell />} />;
}

function renderTab(path: TabPath): ReactNode {
  switch (path) {
    case '/':
      return <HomePage headerRight={<AccountActions />} markets={<HomeMarkets />} />;
    case '/user':
      return <UserPage />;
    case '/trade':
      return <TradePage headerRight={<AccountActions />} renderOrderForm={renderOrderForm} renderSymbolActions={renderSymbolActions} />;
    case '/order':
      return <OrderPage renderContract={renderContractOrders} renderFuture={renderFutureOrders} />;
    case '/follow':
      return (
        <Suspense fallback={<ScreenFallback />}>
          <FollowHomePage headerRight={<AccountActions />} />
        </Suspense>
      );
    case '/rank':
      return (
        <Suspense fallback={<ScreenFallback />}>
          <RankPage headerRight={<AccountActions />} />
        </Suspense>
      );
  }
}

/** What a tab shows while its chunk loads: the user screen shows its head already (see UserScreenShell). */
function tabFallback(path: TabPath): ReactNode {
  return path === '/user' ? <UserScreenShell /> : <ScreenFallback withTabBar />;
}

/**
 * The tab pages keep their state: each is mounted on its first visit and then only hidden while
 * another page shows. Pages that need an account are dropped when the user logs out.
 */
export function TabPages({ active }: { active: TabPath | undefined }) {
  const token = useAuth((s) => s.token);
  const [visited, setVisited] = useState<TabPath[]>([]);
  const allowed = (path: TabPath) => !TABS.find((t) => t.path === path && 'auth' in t && t.auth) || !!token;
  if (active && allowed(active) && !visited.includes(active)) setVisited([...visited, active]);
  const shown = visited.filter(allowed);
  if (shown.length !== visited.length) setVisited(shown);
  return (
    <>
      {shown.map((path) => (
        <div key={path} className="tp-tab-pane" hidden={path !== active} data-tab={path}>
          <Suspense fallback={tabFallback(path)}>
            {renderTab(path)}
            {path === active ? <FirstScreenShown /> : null}
          </Suspense>
        </div>
      ))}
    </>
  );
}
