import type { Lang, NewsArticle, NewsItem, Paged } from '@tp/contracts';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';

/*
 * News as users read it: published originals meant for every language ('') or for the reader's
 * language, each shown in the reader's language where a published translation exists (a row with
 * translation_of = the original), else as written. Ids are always the original's, so a link to an
 * article stays the same whatever the language.
 */

/** The originals a reader of `lang` sees in a category, with their translation joined in. */
function visible(db: Executor, lang: Lang) {
  return db
    .selectFrom('news as n')
    .leftJoin('news as t', (j) => j.onRef('t.translation_of', '=', 'n.id').on('t.language', '=', lang).on('t.published', '=', true))
    .where('n.published', '=', true)
    .where('n.translation_of', 'is', null)
    .where((eb) => eb.or([eb('n.language', '=', ''), eb('n.language', '=', lang)]));
}

const PICK = [
  'n.id',
  'n.created_at',
  sql<string>`coalesce(t.title, n.title)`.as('title'),
  sql<string>`coalesce(t."desc", n."desc")`.as('desc'),
  sql<string>`coalesce(nullif(t.logo, ''), n.logo)`.as('logo'),
] as const;

export async function listNews(db: Executor, lang: Lang, categoryId: number, page: number): Promise<Paged<NewsItem>> {
  const { limit, offset } = pageWindow(page);
  const base = visible(db, lang).where('n.category_id', '=', categoryId);
  const [rows, count] = await Promise.all([
    base.select(PICK).orderBy('n.id', 'desc').limit(limit).offset(offset).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return paged(
    rows.map((r) => ({ id: r.id, title: r.title, desc: r.desc, logo: r.logo, created_at: wireDateTime(r.created_at) })),
    Number(count.n),
    page,
  );
}

/** One article by its original's id; unpublished, unknown or meant for another language: not found. */
export async function newsInfo(db: Executor, lang: Lang, id: number): Promise<NewsArticle> {
  const row = await visible(db, lang)
    .where('n.id', '=', id)
    .select([...PICK, sql<string>`coalesce(t.content, n.content)`.as('content'), sql<string>`coalesce(t.language, n.language)`.as('language')])
    .executeTakeFirst();
  if (!row) refuse('not_found');
  return { id: row.id, title: row.title, desc: row.desc, logo: row.logo, created_at: wireDateTime(row.created_at), content: row.content, language: row.language };
}
