import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ComingSoon } from '../components/ui/coming-soon';
import { PageFrame } from '../components/ui/page-frame';
import { ScreenFallback } from '../components/ui/screen-fallback';
import { refreshTradeList } from '../features/market/api/trade-list';
import { MicroSettledNotice } from '../features/micro/components/micro-settled-notice';
import { ws } from '../lib/ws';
import { RequireAuth } from './guards';
import {
  AccountsPage,
  ChargePage,
  ForgotPage,
  HistoryPage,
  LanguagePage,
  LoginPage,
  MethodListPage,
  PasswordPage,
  preloadTabScreens,
  ProductPage,
  RegisterPage,
  SystemPage,
  TransferPage,
  WalletPage,
  WithdrawPage,
  WithdrawWayPage,
} from './lazy-screens';
import { setNavigator } from './navigation';
import { PLACEHOLDERS, TABS, tabOf } from './routes';
import { AppTabBar } from './tab-bar';
import { TabPages } from './tab-pages';

function Placeholder({ title, path }: { title: string; path: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(title)} testId={`page-${path.slice(1).replace(/\//g, '-')}`} fallback={path.startsWith('/mine') ? '/user' : '/'}>
      <ComingSoon />
    </PageFrame>
  );
}

const TRADE_LIST_PATHS = new Set(['/', '/trade', '/order']);

/** Every navigation: scroll to top, (re)start the live connection, remember the path for 999. */
function NavigationEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    setNavigator(navigate, location.pathname + location.search);
  }, [navigate, location.pathname, location.search]);
  useEffect(() => {
    preloadTabScreens();
  }, []);
  useEffect(() => {
    window.scrollTo(0, 0);
    ws.connect();
  }, [location.pathname, location.search]);
  useEffect(() => {
    // Entering /, /trade or /order refreshes the trade list (spec section 2).
    if (TRADE_LIST_PATHS.has(location.pathname)) refreshTradeList(queryClient);
  }, [location.pathname, queryClient]);
  return null;
}

function AppRoutes() {
  const location = useLocation();
  const tab = tabOf(location.pathname);
  return (
    <>
      <NavigationEffects />
      <MicroSettledNotice />
      <TabPages active={tab?.path} />
      {tab ? <AppTabBar active={tab.path} /> : null}
      <Suspense fallback={<ScreenFallback />}>
        <Routes>
          {TABS.map((t) => (
            <Route key={t.path} path={t.path} element={'auth' in t && t.auth ? <RequireAuth>{null}</RequireAuth> : null} />
          ))}
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot" element={<ForgotPage />} />
          <Route path="/language" element={<LanguagePage />} />
          <Route path="/product" element={<ProductPage />} />
          <Route path="/mine/password" element={<RequireAuth><PasswordPage /></RequireAuth>} />
          <Route path="/mine/system" element={<RequireAuth><SystemPage /></RequireAuth>} />
          <Route path="/mine/wallet" element={<RequireAuth><WalletPage /></RequireAuth>} />
          <Route path="/mine/accounts" element={<RequireAuth><AccountsPage /></RequireAuth>} />
          <Route path="/mine/history" element={<RequireAuth><HistoryPage /></RequireAuth>} />
          <Route path="/mine/charge" element={<RequireAuth><ChargePage /></RequireAuth>} />
          <Route path="/mine/withdraw" element={<RequireAuth><WithdrawPage /></RequireAuth>} />
          <Route path="/mine/withdraw-way" element={<RequireAuth><WithdrawWayPage /></RequireAuth>} />
          <Route path="/mine/bank-card-list" element={<RequireAuth><MethodListPage key="bank" type={2} /></RequireAuth>} />
          <Route path="/mine/coin-address-list" element={<RequireAuth><MethodListPage key="coin" type={1} /></RequireAuth>} />
          <Route path="/mine/transfer" element={<RequireAuth><TransferPage /></RequireAuth>} />
          {PLACEHOLDERS.map((p) => (
            <Route
              key={p.path}
              path={p.path}
              element={p.auth ? <RequireAuth><Placeholder title={p.title} path={p.path} /></RequireAuth> : <Placeholder title={p.title} path={p.path} />}
            />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
