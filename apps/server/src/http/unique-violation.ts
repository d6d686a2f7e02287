import type { ErrorKey } from '@tp/contracts';
import { pgErrorCode } from '../db/database.js';
import { refuse } from './refusal.js';

/**
 * Runs a write whose explicit "already exists" check can be raced past (two staff saving the same
 * value at once both pass it): the unique index lets one through, and the other is answered with
 * the refusal `key` rather than as a server fault.
 */
export async function refuseOnDuplicate<T>(work: Promise<T>, key: ErrorKey): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (pgErrorCode(err) === '23505') refuse(key);
    throw err;
  }
}
