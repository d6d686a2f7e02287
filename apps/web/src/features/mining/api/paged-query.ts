import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { Paged } from '@tp/contracts';

/** A paged list read page by page (the server's page size), from page 1. */
export function pagedQuery<T>(queryKey: readonly unknown[], fetchPage: (page: number, signal: AbortSignal) => Promise<Paged<T>>) {
  return infiniteQueryOptions<Paged<T>, Error, InfiniteData<Paged<T>, number>, readonly unknown[], number>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}
