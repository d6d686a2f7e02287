import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { i18next, prefetchTexts } from '../lib/i18n';
import type { Lang } from '@tp/contracts';
import { firstScreenChunks, TAB_SCREEN_CHUNKS, TAB_SCREENS_KEY, type ScreenChunk } from './first-screen-chunks';

/*
 * Every feature's screens are a chunk of their own, fetched the first time a route shows one, so
 * a new feature adds nothing to the first load. The home screen is not here: it is the first
 * screen and stays in the entry chunk.
 */

/**
 * A feature chunk together with its texts (features/<ns>/locales, the i18next namespace <ns>):
 * the screen renders only once both are here, so it never shows a raw key.
 */
export function withTexts<M>(ns: string, load: () => Promise<M>): (() => Promise<M>) & { texts: string } {
  const loadBoth = async () => {
    const [module] = await Promise.all([load(), i18next.loadNamespaces(ns)]);
    return module;
  };
  return Object.assign(loadBoth, { texts: ns });
}

const auth = () => import('../features/auth/auth-screens');
const account = () => import('../features/account/account-screens');
const settings = () => import('../features/settings/settings-screens');
const market = () => import('../features/market/market-screens');
const wallet = () => import('../features/wallet/wallet-screens');
const forex = () => import('../features/forex/forex-screens');
const micro = () => import('../features/micro/micro-screens');
const identity = withTexts('identity', () => import('../features/identity/identity-screens'));
const news = withTexts('news', () => import('../features/news/news-screens'));
const company = withTexts('company', () => import('../features/company/company-screens'));
const invite = withTexts('invite', () => import('../features/invite/invite-screens'));
const support = withTexts('support', () => import('../features/support/support-screens'));
const mining = withTexts('mining', () => import('../features/mining/mining-screens'));
const loans = withTexts('loans', () => import('../features/loans/loans-screens'));
const follow = withTexts('follow', () => import('../features/follow/follow-screens'));
const alerts = () => import('../features/alerts/alerts-screens');
const notifications = () => import('../features/notifications/notifications-screens');
/** /order's page (tab-pages.tsx renders it). */
export const loadOrderPage = () => import('./order-page');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
function screen<C extends ComponentType<any>>(load: () => Promise<C>): LazyExoticComponent<C> {
  return lazy(async () => ({ default: await load() }));
}

export const LoginPage = screen(() => auth().then((m) => m.LoginPage));
export const RegisterPage = screen(() => auth().then((m) => m.RegisterPage));
export const ForgotPage = screen(() => auth().then((m) => m.ForgotPage));
export const PasswordPage = screen(() => account().then((m) => m.PasswordPage));
export const SystemPage = screen(() => account().then((m) => m.SystemPage));
export const UserPage = screen(() => account().then((m) => m.UserPage));
export const LanguagePage = screen(() => settings().then((m) => m.LanguagePage));
export const ProductPage = screen(() => market().then((m) => m.ProductPage));
export const TradePage = screen(() => market().then((m) => m.TradePage));
export const AccountsPage = screen(() => wallet().then((m) => m.AccountsPage));
export const ChargePage = screen(() => wallet().then((m) => m.ChargePage));
export const HistoryPage = screen(() => wallet().then((m) => m.HistoryPage));
export const MethodListPage = screen(() => wallet().then((m) => m.MethodListPage));
export const TransferPage = screen(() => wallet().then((m) => m.TransferPage));
export const WalletPage = screen(() => wallet().then((m) => m.WalletPage));
export const WithdrawPage = screen(() => wallet().then((m) => m.WithdrawPage));
export const WithdrawWayPage = screen(() => wallet().then((m) => m.WithdrawWayPage));
export const ChatPage = screen(() => support().then((m) => m.ChatPage));
export const ForexOrderForm = screen(() => forex().then((m) => m.ForexOrderForm));
export const ForexOrders = screen(() => forex().then((m) => m.ForexOrders));
export const MicroOrderForm = screen(() => micro().then((m) => m.MicroOrderForm));
export const MicroOrders = screen(() => micro().then((m) => m.MicroOrders));
export const AuthPage = screen(() => identity().then((m) => m.AuthPage));
export const NewsPage = screen(() => news().then((m) => m.NewsPage));
export const NewsDetailPage = screen(() => news().then((m) => m.NewsDetailPage));
export const EmailPage = screen(() => company().then((m) => m.EmailPage));
export const AnnouncementPage = screen(() => company().then((m) => m.AnnouncementPage));
export const VideoPage = screen(() => company().then((m) => m.VideoPage));
export const FeedbackPage = screen(() => company().then((m) => m.FeedbackPage));
export const DesktopLink = screen(() => company().then((m) => m.DesktopLink));
export const InvitePage = screen(() => invite().then((m) => m.InvitePage));
export const MiningPage = screen(() => mining().then((m) => m.MiningPage));
export const MiningSubscribePage = screen(() => mining().then((m) => m.SubscribePage));
export const MiningRecordPage = screen(() => mining().then((m) => m.RecordPage));
export const MiningIncomePage = screen(() => mining().then((m) => m.IncomePage));
export const LoanKycPage = screen(() => loans().then((m) => m.KycPage));
export const LoanSubmitPage = screen(() => loans().then((m) => m.SubmitPage));
export const LoanAgreementPage = screen(() => loans().then((m) => m.AgreementPage));
export const LoanSignPage = screen(() => loans().then((m) => m.SignPage));
export const LoanRecordPage = screen(() => loans().then((m) => m.RecordPage));
export const LoanRepaymentPage = screen(() => loans().then((m) => m.RepaymentPage));
export const FollowHomePage = screen(() => follow().then((m) => m.FollowHomePage));
export const RankPage = screen(() => follow().then((m) => m.RankPage));
export const TraderPage = screen(() => follow().then((m) => m.TraderPage));
export const TraderApplyPage = screen(() => follow().then((m) => m.TraderApplyPage));
export const MyFollowerPage = screen(() => follow().then((m) => m.MyFollowerPage));
export const FollowSubmitPage = screen(() => follow().then((m) => m.FollowSubmitPage));
export const FollowListPage = screen(() => follow().then((m) => m.FollowListPage));
export const AlertsPage = screen(() => alerts().then((m) => m.AlertsPage));
export const NotificationsPage = screen(() => notifications().then((m) => m.NotificationsPage));
export const NotificationSettingsPage = screen(() => notifications().then((m) => m.NotificationSettingsPage));
export const AlertButton = screen(() => alerts().then((m) => m.AlertButton));

declare global {
  interface Window {
    /** Left by index.html's first-screen script (build/first-screen-preload.ts): fetches the files listed under a key without running them. */
    tpFetchScreens?: (key: string) => boolean;
  }
}

/**
 * Fetches the tab screens' code once the first screen is up, so that a tap on a tab rarely waits
 * for the network; the first load is not made any bigger by it. Only fetched (modulepreload), not
 * run: running the tab screens' modules is main-thread work a phone spends in long tasks just as
 * the user starts reading and scrolling, for screens they may never open; a tab's code runs when
 * the tab is opened. Without the build's script (the dev server, tests) the chunks are imported.
 */
export function preloadTabScreens(fetchOnly: Window['tpFetchScreens'] = typeof window === 'undefined' ? undefined : window.tpFetchScreens): void {
  if (fetchOnly?.(TAB_SCREENS_KEY)) return;
  for (const chunk of TAB_SCREEN_CHUNKS) void SCREEN_CHUNKS[chunk]().catch(() => undefined);
}

/**
 * The loader of each screen chunk first-screen-chunks.ts names: the chunk (and texts) of the
 * screen a path opens, for the screens that are opened directly (a tab, a link, a reload), and
 * the tab screens' chunks. Started before the first render, the chunk loads while React renders
 * the frame instead of after it: one round trip less before the screen. (index.html's first-screen
 * script has already asked for the same files; these imports then find them fetched.)
 */
const SCREEN_CHUNKS: Record<ScreenChunk, (() => Promise<unknown>) & { texts?: string }> = {
  'features/market/market-screens': market,
  'features/forex/forex-screens': forex,
  'features/micro/micro-screens': micro,
  'features/account/account-screens': account,
  'features/follow/follow-screens': follow,
  'features/mining/mining-screens': mining,
  'features/loans/loans-screens': loans,
  'features/auth/auth-screens': auth,
  'app/order-page': loadOrderPage,
};

export function preloadScreenChunk(pathname: string): void {
  for (const chunk of firstScreenChunks(pathname)) void SCREEN_CHUNKS[chunk]().catch(() => undefined);
}

/** The namespaces of the screen chunks `pathname` opens with (withTexts). */
export function screenTexts(pathname: string): string[] {
  return firstScreenChunks(pathname).flatMap((chunk) => SCREEN_CHUNKS[chunk].texts ?? []);
}

/**
 * Asks for the texts of the screen `pathname` opens with as soon as the entry runs, beside its
 * code and data; i18next then finds them fetched instead of asking one round trip later.
 */
export function prefetchScreenTexts(pathname: string, lang: Lang): void {
  prefetchTexts(screenTexts(pathname), lang);
}

/** The longest the tab screens wait for the first screen and its requests. */
export const TAB_PRELOAD_MAX_WAIT_MS = 4000;

/**
 * Once the first screen has settled, the preload waits this long more and then for an idle moment
 * of the main thread, as the service worker's precache does (public/register-sw.js): evaluating
 * four screens' code is main-thread work (long tasks on a phone's CPU) that the user would feel
 * as a slow first tap or scroll of the screen just shown.
 */
export const TAB_PRELOAD_QUIET_MS = 2000;

function whenIdle(run: () => void): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else run();
}

let markFirstScreenShown: () => void = () => undefined;
/** Resolves once the first screen (not its loading skeleton) is on the page; see FirstScreenShown. */
export const firstScreenShown = new Promise<void>((resolve) => (markFirstScreenShown = resolve));

/**
 * Rendered beside a screen inside the screen's Suspense boundary: its effect runs only when the
 * screen itself is committed (the boundary shows its fallback until the screen's chunk is in).
 */
export function FirstScreenShown(): null {
  useEffect(() => markFirstScreenShown(), []);
  return null;
}

/**
 * Preloads the tab screens once the first screen is shown and its requests are answered (no query
 * fetching for a moment), or after TAB_PRELOAD_MAX_WAIT_MS at most, then TAB_PRELOAD_QUIET_MS and
 * an idle moment later: on a phone's network their
 * chunks would otherwise share the line (and their parsing the main thread) with the screen the
 * user is waiting for. Waiting for the screen matters: while its chunk loads no query is fetching
 * yet, which alone would read as settled. Returns a cancel function (an effect's cleanup).
 */
export function preloadTabScreensWhenSettled(client: QueryClient, preload: () => void = preloadTabScreens, shown: Promise<void> = firstScreenShown): () => void {
  let done = false;
  let cancelled = false;
  let check: ReturnType<typeof setTimeout> | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: () => void = () => undefined;
  const finish = () => {
    done = true;
    unsubscribe();
    clearTimeout(check);
    clearTimeout(deadline);
  };
  const run = () => {
    if (done) return;
    finish();
    quiet = setTimeout(() => whenIdle(() => cancelled || preload()), TAB_PRELOAD_QUIET_MS);
  };
  // A query is added before it starts fetching: look again a moment after the cache last changed.
  const later = () => {
    clearTimeout(check);
    check = setTimeout(() => {
      if (client.isFetching() === 0) run();
    }, 150);
  };
  const deadline = setTimeout(run, TAB_PRELOAD_MAX_WAIT_MS);
  void shown.then(() => {
    if (done) return;
    unsubscribe = client.getQueryCache().subscribe(later);
    later();
  });
  return () => {
    cancelled = true;
    finish();
    clearTimeout(quiet);
  };
}
