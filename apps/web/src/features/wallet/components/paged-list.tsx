import type { ReactNode } from 'react';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Paged } from '@tp/contracts';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';

export type PagedQuery<P extends Paged<unknown>> = UseInfiniteQueryResult<InfiniteData<P, number>>;

/** A paged list read page by page (15 rows a page, from the server). */
export function usePaged<P extends Paged<unknown>>(queryKey: readonly unknown[], fetchPage: (page: number, signal: AbortSignal) => Promise<P>, enabled = true): PagedQuery<P> {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled,
  });
}

interface PagedItemsProps<T> {
  query: PagedQuery<Paged<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  testId: string;
  skeletonRows?: number;
}

/**
 * Rows of a paged list: skeleton while the first page loads, error with retry, empty state, then
 * the rows with infinite scroll and 'no more' at the end.
 */
export function PagedItems<T>({ query, renderItem, itemKey, testId, skeletonRows = 4 }: PagedItemsProps<T>) {
  const pages = query.data?.pages;
  if (!pages) {
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    return (
      <div className="tp-card">
        <LoadingLines rows={skeletonRows} />
      </div>
    );
  }
  const items = pages.flatMap((p) => p.data);
  if (items.length === 0) return <Empty />;
  return (
    <div data-testid={testId}>
      <div className="tp-records">
        {items.map((item) => (
          <div key={itemKey(item)} className="tp-record" data-testid={`${testId}-item`}>
            {renderItem(item)}
          </div>
        ))}
      </div>
      <PagedFooter query={query} testId={testId} />
    </div>
  );
}
