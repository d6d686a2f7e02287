import type { Paged } from '@tp/contracts';
import type { Executor } from '../db/database.js';
import { paged, pageWindow } from '../lib/paging.js';
import { refuse } from './refusal.js';

/**
 * The users area of the admin API takes a user id in its path, and each module answers its own
 * tab of the user's page (statement, orders, deposits...). They all refuse an unknown id alike,
 * here, below the modules, so no module has to import the users module for it.
 */
export async function requireUserForStaff(db: Executor, userId: number): Promise<void> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!row) refuse('user_not_found');
}

/** How many rows a tab of a user's page in the console shows at once. */
export const STAFF_USER_TAB_PER_PAGE = 20;

/**
 * One page of a tab of a user's page in the console (orders, options, deposits...): the unknown id
 * refused alike, the same page size everywhere; the module gives only its query.
 */
export async function staffUserTab<T>(
  db: Executor,
  userId: number,
  page: number,
  read: (db: Executor, userId: number, limit: number, offset: number) => Promise<{ rows: T[]; total: number }>,
): Promise<Paged<T>> {
  await requireUserForStaff(db, userId);
  const { limit, offset } = pageWindow(page, STAFF_USER_TAB_PER_PAGE);
  const { rows, total } = await read(db, userId, limit, offset);
  return paged(rows, total, page, STAFF_USER_TAB_PER_PAGE);
}
