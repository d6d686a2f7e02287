/**
 * The code the screen a path opens needs before it can show: modules under src/ (without their
 * extension), each a chunk of its own. Read twice: by lazy-screens.ts, which starts loading them
 * before the first render, and by the build (build/first-screen-preload.ts), which lists their
 * files for a small script index.html runs at once - so a phone fetches a screen's code beside the
 * entry file rather than after it has arrived and run. Plain data: the build reads it too.
 */
export const FIRST_SCREEN_CHUNKS = {
  '/trade': ['features/market/market-screens', 'features/forex/forex-screens'],
  '/order': ['app/order-page', 'features/forex/forex-screens'],
  '/user': ['features/account/account-screens'],
  '/follow': ['features/follow/follow-screens'],
  '/rank': ['features/follow/follow-screens'],
  '/mining': ['features/mining/mining-screens'],
  '/loan': ['features/loans/loans-screens'],
  '/login': ['features/auth/auth-screens'],
  '/register': ['features/auth/auth-screens'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The tab screens' code, fetched once the first screen has settled so that a tap on a tab rarely
 * waits for the network (lazy-screens.ts preloadTabScreens). The build lists their files under
 * this key beside the paths (not a path: paths start with '/'), so the app can fetch them without
 * running them.
 */
export const TAB_SCREENS_KEY = 'tabs';
export const TAB_SCREEN_CHUNKS = [
  'features/market/market-screens',
  'features/forex/forex-screens',
  'features/micro/micro-screens',
  'features/account/account-screens',
  'app/order-page',
] as const;

/** A screen chunk named above: a first screen's or a tab's. */
export type ScreenChunk = (typeof FIRST_SCREEN_CHUNKS)[keyof typeof FIRST_SCREEN_CHUNKS][number] | (typeof TAB_SCREEN_CHUNKS)[number];

/** The chunks of the screen `pathname` opens (see pathOfHash), if it is one opened directly. */
export function firstScreenChunks(pathname: string): readonly ScreenChunk[] {
  return (FIRST_SCREEN_CHUNKS as Record<string, readonly ScreenChunk[]>)[pathname] ?? [];
}
