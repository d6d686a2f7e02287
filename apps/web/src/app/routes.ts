/**
 * Every route of spec section 2. `auth`: a visitor is sent to /login?from=<path>. `title` is the
 * nav.* key of the frame.
 */
export interface RouteDef { path: string; title: string; auth?: boolean }

/** Tab pages: kept mounted once visited, shown with the footer tab bar. Order matches the bar. */
export const TABS = [
  { path: '/', key: 'home', title: 'nav.home' },
  { path: '/trade', key: 'trade', title: 'nav.trade' },
  { path: '/order', key: 'order', title: 'nav.order', auth: true },
  { path: '/follow', key: 'follow', title: 'nav.follow' },
  { path: '/rank', key: 'rank', title: 'nav.rank' },
  { path: '/user', key: 'user', title: 'nav.user', auth: true },
] as const;
export type TabPath = (typeof TABS)[number]['path'];

/** The path a hash opens (`#/trade?x=1` -> `/trade`), as the router will see it. */
export function pathOfHash(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0]!.replace(/(.)\/+$/, '$1') || '/';
}

export function tabOf(pathname: string): (typeof TABS)[number] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return TABS.find((t) => t.path === path);
}

/** Screens built in this release (rendered by app/router.tsx with their own components). */
export const BUILT = ['/login', '/register', '/forgot', '/language', '/product', '/mine/password', '/mine/system', '/news', '/news/detail', '/mine/auth', '/mine/chat'] as const;

/** The wallet screens (features/wallet): all need an account. */
export const WALLET_PATHS = ['/mine/wallet', '/mine/accounts', '/mine/history', '/mine/charge', '/mine/withdraw', '/mine/withdraw-way', '/mine/bank-card-list', '/mine/coin-address-list', '/mine/transfer'] as const;

/**
 * The account and content pages (features/company, features/invite): the company e-mail and
 * information, the announcement, the videos, the feedback placeholder and, with an account, invite.
 */
export const ACCOUNT_PAGE_PATHS = ['/mine/email', '/mine/announcement', '/mine/video', '/feedback', '/mine/invite'] as const;

/** The mining screens (features/mining): the fund list is open to visitors, the rest needs an account. */
export const MINING_PATHS = ['/mining', '/mining/subscribe', '/mining/record', '/mining/income'] as const;

/** The loan screens (features/loans): all need an account. */
export const LOAN_PATHS = ['/loan', '/loan/submit', '/loan/agreement', '/loan/sign', '/loan/record', '/loan/repayment'] as const;

/** The copy trading screens (features/follow); the trader page is public, the others need an account. */
export const FOLLOW_PATHS = ['/follow/trader', '/follow/follow-list', '/follow/trader-apply', '/follow/my-follower', '/follow/submit'] as const;

/** The notification list and its settings (features/notifications): need an account. */
export const NOTIFICATION_PATHS = ['/notifications', '/notifications/settings'] as const;

/** The price alerts' list (features/alerts): needs an account. */
export const ALERT_PATHS = ['/alerts'] as const;

/**
 * Screens that come with later releases: a frame with back, title and the honest line. Every
 * route of the spec is built now; the frame stays for the next screen that lands in parts.
 */
export const PLACEHOLDERS: RouteDef[] = [];

/** Screens that need an account besides the tabs that say so. */
export const AUTH_BUILT = new Set<string>(['/mine/password', '/mine/system', '/mine/auth', '/mine/invite', ...WALLET_PATHS, '/mining/subscribe', '/mining/record', '/mining/income', ...LOAN_PATHS, '/follow/follow-list', '/follow/trader-apply', '/follow/my-follower', '/follow/submit', ...ALERT_PATHS, ...NOTIFICATION_PATHS]);

/** All paths the spec lists, for the route test. */
export const ALL_PATHS: string[] = [...TABS.map((t) => t.path), ...BUILT, ...WALLET_PATHS, ...ACCOUNT_PAGE_PATHS, ...MINING_PATHS, ...LOAN_PATHS, ...FOLLOW_PATHS, ...ALERT_PATHS, ...NOTIFICATION_PATHS, ...PLACEHOLDERS.map((p) => p.path)];
