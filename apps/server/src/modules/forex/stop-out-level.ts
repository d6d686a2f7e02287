import { DEFAULT_STOP_OUT_LEVEL } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { getSetting } from '../settings/index.js';

/**
 * The risk rate at or below which every holding order of a user is closed (base setting
 * stop_out_level, default 50). Its own file: the trigger engine reads it on start and must not
 * depend on the HTTP-side order service.
 */
export async function stopOutLevel(db: Executor): Promise<string> {
  const raw = await getSetting(db, 'stop_out_level');
  return raw !== null && raw !== undefined && /^\d{1,6}(\.\d{1,6})?$/.test(raw.trim()) ? raw.trim() : String(DEFAULT_STOP_OUT_LEVEL);
}
