import type { Executor } from '../db/database.js';
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
