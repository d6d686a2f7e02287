import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavBar } from './nav-bar';

interface PageFrameProps {
  title: ReactNode;
  children: ReactNode;
  right?: ReactNode;
  /** Where back goes when there is no history entry to return to (opened from a link). */
  fallback?: string;
  /** Hide the back arrow (tab pages). */
  noBack?: boolean;
  withTabBar?: boolean;
  testId?: string;
}

/** A screen: sticky nav bar with back and title, then the content. */
export function PageFrame({ title, children, right, fallback = '/', noBack, withTabBar, testId }: PageFrameProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    // 'default' is the key of the first entry: nothing to go back to inside the app.
    if (location.key === 'default') navigate(fallback, { replace: true });
    else navigate(-1);
  };
  return (
    <div className={`tp-page${withTabBar ? ' with-tabbar' : ''}`} data-testid={testId}>
      <NavBar className="tp-navbar" onBack={noBack ? undefined : back} right={right}>
        {title}
      </NavBar>
      <div className="tp-content">{children}</div>
    </div>
  );
}
