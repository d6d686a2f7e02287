import type { z } from 'zod';
import type { AdminNews, newsCreateInput, newsUpdateInput, Paged } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { wireDateTime } from '../../lib/time.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './news.repository.js';
import { sanitizeNewsHtml } from './sanitize-news.js';

const PAGE_SIZE = 20;

function toAdminNews(r: repo.NewsRow): AdminNews {
  return { ...r, created_at: wireDateTime(r.created_at), updated_at: wireDateTime(r.updated_at) };
}

/** What the audit log keeps of an article: everything but the body, which can be long; its length says it changed. */
function audited(n: AdminNews) {
  const { content, ...rest } = n;
  return { ...rest, content_length: content.length };
}

/**
 * A translation names its language and an original that is no translation itself (one level, so
 * the user pages need one join); an article with translations of its own stays an original.
 */
async function checkedTranslation(trx: Executor, self: number | undefined, original: number | null, language: string): Promise<number | null> {
  if (original === null) return null;
  if (language === '' || !(await repo.isOriginal(trx, original, self))) refuse('news_translation_invalid');
  if (self !== undefined && (await repo.hasTranslations(trx, self))) refuse('news_translation_invalid');
  return original;
}

export async function listNewsForAdmin(db: Executor, page: number): Promise<Paged<AdminNews>> {
  const [total, rows] = await Promise.all([repo.countNews(db), repo.listNews(db, PAGE_SIZE, (page - 1) * PAGE_SIZE)]);
  return { data: rows.map(toAdminNews), total, current_page: page, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)), per_page: PAGE_SIZE };
}

export async function createNews(trx: Executor, adminId: number, input: z.output<typeof newsCreateInput>): Promise<AdminNews> {
  const row = await repo.insertNews(
    trx,
    {
      title: input.title,
      desc: input.desc ?? '',
      content: sanitizeNewsHtml(input.content),
      category_id: input.category_id,
      logo: input.logo ?? '',
      language: input.language ?? '',
      published: input.published ?? false,
      translation_of: await checkedTranslation(trx, undefined, input.translation_of ?? null, input.language ?? ''),
    },
    adminId,
  );
  const after = toAdminNews(row);
  await writeAudit(trx, { adminId, action: 'news.create', target: `news:${row.id}`, detail: {}, after: audited(after) });
  return after;
}

export async function updateNews(trx: Executor, adminId: number, id: number, input: z.output<typeof newsUpdateInput>): Promise<AdminNews> {
  const before = await repo.lockNews(trx, id);
  if (!before) refuse('not_found');
  const change: Partial<repo.NewsValues> = {};
  if (input.title !== undefined) change.title = input.title;
  if (input.desc !== undefined) change.desc = input.desc;
  if (input.content !== undefined) change.content = sanitizeNewsHtml(input.content);
  if (input.category_id !== undefined) change.category_id = input.category_id;
  if (input.logo !== undefined) change.logo = input.logo;
  if (input.language !== undefined) change.language = input.language;
  if (input.published !== undefined) change.published = input.published;
  if (input.translation_of !== undefined || input.language !== undefined) {
    change.translation_of = await checkedTranslation(trx, id, input.translation_of === undefined ? before.translation_of : input.translation_of, input.language ?? before.language);
  }
  const after = toAdminNews(await repo.updateNews(trx, id, change));
  await writeAudit(trx, { adminId, action: 'news.update', target: `news:${id}`, detail: {}, before: audited(toAdminNews(before)), after: audited(after) });
  return after;
}
