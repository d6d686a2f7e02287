import { z } from 'zod';
import { wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, intIn } from './form-fields.js';

/** News for users (spec: News; GET /api/news/list and /api/news/info). */

/** The spec's list reads category 1; the others exist for staff. */
export const newsListInput = z.object({ category_id: intIn(1, 3).default(1), ...pageQuery.shape, ...ignoredT });
export const newsInfoInput = z.object({ id: idField, ...ignoredT });

/** A list row: what the list shows, without the article body. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  created_at: wireDateTime,
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsPageSchema = pagedSchema(newsItemSchema);

/** An article: content is html sanitized when saved; clients sanitize it again before display. */
export const newsArticleSchema = newsItemSchema.extend({ content: z.string(), language: z.string() });
export type NewsArticle = z.infer<typeof newsArticleSchema>;
