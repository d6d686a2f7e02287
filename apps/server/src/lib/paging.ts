import type { Paged } from '@tp/contracts';

/** Rows per page of every user-facing paged list (the spec leaves the size to the server). */
export const PER_PAGE = 15;

export function pageWindow(page: number, perPage = PER_PAGE): { limit: number; offset: number } {
  return { limit: perPage, offset: (page - 1) * perPage };
}

/** The paged-list shape of decisions.md; last_page is at least 1 so an empty list has one page. */
export function paged<T>(data: T[], total: number, page: number, perPage = PER_PAGE): Paged<T> {
  return { data, total, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage };
}
