import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** News articles (0014). One query per function. */

const NEWS_COLUMNS = ['id', 'title', 'desc', 'content', 'category_id', 'logo', 'language', 'published', 'translation_of', 'created_at', 'updated_at'] as const;

export async function countNews(db: Executor): Promise<number> {
  const row = await db.selectFrom('news').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page for the console, newest first, published or not. */
export async function listNews(db: Executor, limit: number, offset: number) {
  return db.selectFrom('news').select(NEWS_COLUMNS).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
export type NewsRow = Awaited<ReturnType<typeof listNews>>[number];

export async function lockNews(db: Executor, id: number): Promise<NewsRow | undefined> {
  return db.selectFrom('news').select(NEWS_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface NewsValues {
  title: string;
  desc: string;
  content: string;
  category_id: number;
  logo: string;
  language: string;
  published: boolean;
  translation_of: number | null;
}

export async function insertNews(db: Executor, values: NewsValues, adminId: number): Promise<NewsRow> {
  return db
    .insertInto('news')
    .values({ ...values, created_by: adminId })
    .returning(NEWS_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateNews(db: Executor, id: number, values: Partial<NewsValues>): Promise<NewsRow> {
  return db
    .updateTable('news')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(NEWS_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Whether an article may be the original of a translation: it exists, is no translation itself and is not `self`. */
export async function isOriginal(db: Executor, id: number, self: number | undefined): Promise<boolean> {
  const row = await db.selectFrom('news').select('translation_of').where('id', '=', id).executeTakeFirst();
  return row !== undefined && row.translation_of === null && id !== self;
}

/** Whether an article has translations (then it cannot become a translation itself). */
export async function hasTranslations(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('news').select('id').where('translation_of', '=', id).limit(1).executeTakeFirst()) !== undefined;
}
