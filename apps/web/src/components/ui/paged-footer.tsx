import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingLines } from './states';

interface PageableQuery {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/**
 * The end of a paged list: loads the next page when it scrolls into view (antd's InfiniteScroll;
 * a hidden page loads nothing), shows a retry when that fails and 'no more' at the end.
 */
export function PagedFooter({ query, testId }: { query: PageableQuery; testId: string }) {
  const { t } = useTranslation();
  const loadMore = async () => {
    const r = await query.fetchNextPage();
    if (r.isError) throw r.error;
  };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={!!query.hasNextPage} threshold={120}>
      {(hasMore, failed, retry) =>
        failed ? (
          <LoadError compact onRetry={() => void retry()} />
        ) : hasMore ? (
          <LoadingLines rows={1} />
        ) : (
          <span className="tp-muted" data-testid={`${testId}-no-more`}>
            {t('public.no_more')}
          </span>
        )
      }
    </InfiniteScroll>
  );
}
