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

export function tabOf(pathname: string): (typeof TABS)[number] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return TABS.find((t) => t.path === path);
}

/** Screens built in this release (rendered by app/router.tsx with their own components). */
export const BUILT = ['/login', '/register', '/forgot', '/language', '/product', '/mine/password', '/mine/system'] as const;

/** The wallet screens (features/wallet): all need an account. */
export const WALLET_PATHS = ['/mine/wallet', '/mine/accounts', '/mine/history', '/mine/charge', '/mine/withdraw', '/mine/withdraw-way', '/mine/bank-card-list', '/mine/coin-address-list', '/mine/transfer'] as const;

/** Screens that come with later releases: a frame with back, title and the honest line. */
export const PLACEHOLDERS: RouteDef[] = [
  { path: '/news', title: 'nav.news' },
  { path: '/news/detail', title: 'nav.news_detail' },
  { path: '/feedback', title: 'nav.feedback' },
  { path: '/loan', title: 'nav.loan', auth: true },
  { path: '/loan/submit', title: 'nav.loan_submit', auth: true },
  { path: '/loan/agreement', title: 'nav.loan_agreement', auth: true },
  { path: '/loan/sign', title: 'nav.loan_sign', auth: true },
  { path: '/loan/record', title: 'nav.loan_record', auth: true },
  { path: '/loan/repayment', title: 'nav.loan_repayment', auth: true },
  { path: '/follow/follow-list', title: 'nav.follow_list', auth: true },
  { path: '/follow/trader', title: 'nav.follow_trader' },
  { path: '/follow/trader-apply', title: 'nav.follow_trader_apply', auth: true },
  { path: '/follow/my-follower', title: 'nav.follow_my_follower', auth: true },
  { path: '/follow/submit', title: 'nav.follow_submit', auth: true },
  { path: '/mining', title: 'nav.mining' },
  { path: '/mining/subscribe', title: 'nav.mining_subscribe', auth: true },
  { path: '/mining/record', title: 'nav.mining_record', auth: true },
  { path: '/mining/income', title: 'nav.mining_income', auth: true },
  { path: '/mine/auth', title: 'nav.mine_auth', auth: true },
  { path: '/mine/invite', title: 'nav.mine_invite', auth: true },
  { path: '/mine/email', title: 'nav.mine_email' },
  { path: '/mine/announcement', title: 'nav.mine_announcement' },
  { path: '/mine/video', title: 'nav.mine_video' },
  { path: '/mine/chat', title: 'nav.mine_chat' },
];

/** /mine/password and /mine/system need an account too. */
export const AUTH_BUILT = new Set<string>(['/mine/password', '/mine/system', ...WALLET_PATHS]);

/** All paths the spec lists, for the route test. */
export const ALL_PATHS: string[] = [...TABS.map((t) => t.path), ...BUILT, ...WALLET_PATHS, ...PLACEHOLDERS.map((p) => p.path)];
