import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, parsePath, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ComingSoon } from '../components/ui/coming-soon';
import { PageFrame } from '../components/ui/page-frame';
import { ScreenFallback } from '../components/ui/screen-fallback';
import { refreshTradeList } from '../features/market/api/trade-list';
import { MicroSettledNotice } from '../features/micro/components/micro-settled-notice';
import { ws } from '../lib/ws';
import { RequireAuth } from './guards';
import {
  AccountsPage,
  AlertsPage,
  AuthPage,
  NotificationSettingsPage,
  NotificationsPage,
  AnnouncementPage,
  ChargePage,
  DesktopLink,
  EmailPage,
  FeedbackPage,
  FirstScreenShown,
  ChatPage,
  FollowListPage,
  FollowSubmitPage,
  MyFollowerPage,
  TraderApplyPage,
  TraderPage,
  ForgotPage,
  HistoryPage,
  InvitePage,
  LanguagePage,
  LoanAgreementPage,
  LoanKycPage,
  LoanRecordPage,
  LoanRepaymentPage,
  LoanSignPage,
  LoanSubmitPage,
  LoginPage,
  MethodListPage,
  NewsDetailPage,
  NewsPage,
  PasswordPage,
  preloadTabScreensWhenSettled,
  ProductPage,
  RegisterPage,
  SystemPage,
  TransferPage,
  VideoPage,
  WalletPage,
  MiningPage,
  MiningSubscribePage,
  MiningRecordPage,
  MiningIncomePage,
  WithdrawPage,
  WithdrawWayPage,
} from './lazy-screens';
import { isDesktopBrowser } from './desktop';
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

/**
 * A desktop browser sees the phone layout centred at phone width (`html.tp-desktop` in styles.css)
 * and, when `pc_url` is set, the link to the desktop site beside it. Phones never load that chunk.
 */
function DesktopFrame() {
  const [desktop, setDesktop] = useState(isDesktopBrowser);
  useEffect(() => {
    const onResize = () => setDesktop(isDesktopBrowser());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle('tp-desktop', desktop);
  }, [desktop]);
  return desktop ? (
    <Suspense fallback={null}>
      <DesktopLink />
    </Suspense>
  ) : null;
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
  useEffect(() => preloadTabScreensWhenSettled(queryClient), [queryClient]);
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
      <DesktopFrame />
      <TabPages active={tab?.path} />
      {tab ? <AppTabBar active={tab.path} /> : null}
      <Suspense fallback={<ScreenFallback />}>
        {tab ? null : <FirstScreenShown />}
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
          <Route path="/mine/auth" element={<RequireAuth><AuthPage /></RequireAuth>} />
          <Route path="/news" element={<NewsPage />} />
          <Route path="/news/detail" element={<NewsDetailPage />} />
          <Route path="/mine/invite" element={<RequireAuth><InvitePage /></RequireAuth>} />
          <Route path="/mine/email" element={<EmailPage />} />
          <Route path="/mine/announcement" element={<AnnouncementPage />} />
          <Route path="/mine/video" element={<VideoPage />} />
          <Route path="/feedback" element={<FeedbackPage />} />
          {/* Not guarded: an external service link needs no account; the built-in chat asks a visitor to log in. */}
          <Route path="/mine/chat" element={<ChatPage />} />
          <Route path="/mining" element={<MiningPage />} />
          <Route path="/mining/subscribe" element={<RequireAuth><MiningSubscribePage /></RequireAuth>} />
          <Route path="/mining/record" element={<RequireAuth><MiningRecordPage /></RequireAuth>} />
          <Route path="/mining/income" element={<RequireAuth><MiningIncomePage /></RequireAuth>} />
          <Route path="/loan" element={<RequireAuth><LoanKycPage /></RequireAuth>} />
          <Route path="/loan/submit" element={<RequireAuth><LoanSubmitPage /></RequireAuth>} />
          <Route path="/loan/agreement" element={<RequireAuth><LoanAgreementPage /></RequireAuth>} />
          <Route path="/loan/sign" element={<RequireAuth><LoanSignPage /></RequireAuth>} />
          <Route path="/loan/record" element={<RequireAuth><LoanRecordPage /></RequireAuth>} />
          <Route path="/loan/repayment" element={<RequireAuth><LoanRepaymentPage /></RequireAuth>} />
          <Route path="/follow/trader" element={<TraderPage />} />
          <Route path="/follow/follow-list" element={<RequireAuth><FollowListPage /></RequireAuth>} />
          <Route path="/follow/trader-apply" element={<RequireAuth><TraderApplyPage /></RequireAuth>} />
          <Route path="/follow/my-follower" element={<RequireAuth><MyFollowerPage /></RequireAuth>} />
          <Route path="/follow/submit" element={<RequireAuth><FollowSubmitPage /></RequireAuth>} />
          <Route path="/alerts" element={<RequireAuth><AlertsPage /></RequireAuth>} />
          <Route path="/notifications" element={<RequireAuth><NotificationsPage /></RequireAuth>} />
          <Route path="/notifications/settings" element={<RequireAuth><NotificationSettingsPage /></RequireAuth>} />
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

/**
 * The first render is a transition (main.tsx): React renders it in slices, and the router listens
 * for hash changes only from its commit. A change that lands in between (a link tapped, the back
 * button, a script setting the hash just after a reload) would leave the screen on the old path.
 * Once listening, this compares the router's location with the address bar and, if they differ,
 * moves the router to the address bar's (replacing, the entry is already there).
 */
export function CatchUpWithAddressBar() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Passive: it runs after HashRouter's layout effect has started listening.
    const { pathname = '/', search = '', hash = '' } = parsePath(window.location.hash.slice(1));
    if (pathname !== location.pathname || search !== location.search || hash !== location.hash) {
      void navigate({ pathname, search, hash }, { replace: true });
    }
    // Only the first commit can have missed a change; later ones are heard by the router.
  }, []);
  return null;
}

export function AppRouter() {
  return (
    <HashRouter>
      <CatchUpWithAddressBar />
      <AppRoutes />
    </HashRouter>
  );
}
