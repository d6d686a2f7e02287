import type { ReactNode } from 'react';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Paged } from '@tp/contracts';
import { pagedQuery } from '../api/paged-query';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';

export type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Paged<T>, number>>;

/** A paged list read page by page (the server's page size). */
export function usePaged<T>(queryKey: readonly unknown[], fetchPage: (page: number, signal: AbortSignal) => Promise<Paged<T>>, enabled = true): PagedQuery<T> {
  return useInfiniteQuery({ ...pagedQuery(queryKey, fetchPage), enabled });
}

/** Skeleton while the first page loads, error with retry, empty state, then the items and 'no more'. */
export function PagedBlock<T>({ query, render, testId, skeleton = 3 }: { query: PagedQuery<T>; render: (items: T[]) => ReactNode; testId: string; skeleton?: number }) {
  const pages = query.data?.pages;
  if (!pages) {
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    return (
      <div className="tp-card">
        <LoadingLines rows={skeleton} />
      </div>
    );
  }
  const items = pages.flatMap((p) => p.data);
  if (items.length === 0) return <Empty />;
  return (
    <div data-testid={testId}>
      {render(items)}
      <PagedFooter query={query} testId={testId} />
    </div>
  );
}
