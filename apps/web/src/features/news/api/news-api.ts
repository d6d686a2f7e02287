import { newsEndpoints, type NewsArticle, type Paged, type NewsItem } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** The spec's list reads category 1. */
export const NEWS_CATEGORY = 1;

/** Keyed by language: the server answers each article in the request's language. */
export const newsListKey = (lang: string) => ['news', 'list', lang] as const;
export const newsInfoKey = (lang: string, id: number) => ['news', 'info', lang, id] as const;

export function fetchNewsPage(page: number, signal?: AbortSignal): Promise<Paged<NewsItem>> {
  return call(newsEndpoints.list, { category_id: NEWS_CATEGORY, page }, { signal, silent: true });
}

export function fetchNewsInfo(id: number, signal?: AbortSignal): Promise<NewsArticle> {
  return call(newsEndpoints.info, { id }, { signal, silent: true });
}
