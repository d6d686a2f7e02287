import { NavBar } from './nav-bar';
import { LoadingLines } from './states';

/**
 * What a screen shows while its chunk loads: the frame of every screen (nav bar, content area)
 * with skeleton lines, so the real screen replaces it without the page jumping.
 */
export function ScreenFallback({ withTabBar }: { withTabBar?: boolean }) {
  return (
    <div className={`tp-page${withTabBar ? ' with-tabbar' : ''}`} data-testid="screen-loading">
      <NavBar className="tp-navbar" />
      <div className="tp-content">
        <div className="tp-card">
          <LoadingLines rows={4} />
        </div>
      </div>
    </div>
  );
}

/** What a part of a screen (an order form, an order list) shows while its chunk loads. */
export function PartFallback() {
  return (
    <div className="tp-card" data-testid="part-loading">
      <LoadingLines rows={3} />
    </div>
  );
}
