import type { ReactNode } from 'react';
import { PullToRefresh } from 'antd-mobile';

/** The pull-to-refresh spinner closes after this long (spec section 9). */
export const PULL_REFRESH_MS = 500;

/** Pull down to refresh: starts the refresh and keeps the spinner for PULL_REFRESH_MS. */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => void; children: ReactNode }) {
  const refresh = async () => {
    onRefresh();
    await new Promise((resolve) => setTimeout(resolve, PULL_REFRESH_MS));
  };
  return <PullToRefresh onRefresh={refresh}>{children}</PullToRefresh>;
}
