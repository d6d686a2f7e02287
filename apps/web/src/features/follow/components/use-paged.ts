import { useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@tp/contracts';

/** A paged list read page by page, the next page while there is one. */
export function usePagedList<P extends Paged<unknown>>(queryKey: readonly unknown[], fetchPage: (page: number, signal: AbortSignal) => Promise<P>, enabled = true) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled,
  });
}
