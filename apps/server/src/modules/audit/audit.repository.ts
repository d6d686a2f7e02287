import type { Executor } from '../../db/database.js';
import { currentRequestId } from '../../http/request-id.js';

export interface AuditEntry {
  /** The staff member who acted; null for an anonymous attempt (a failed login). */
  adminId: number | null;
  /** `area.verb`, e.g. `deposit.approve`, `symbol.update`, `admin.login_failed`. */
  action: string;
  /** `kind:id` of what was acted on, e.g. `charge:12`, `symbol:3`, `user:40`. */
  target: string | null;
  detail: Record<string, unknown>;
  /** The record as it was before a change and as it is after, for configuration and staff changes. */
  before?: unknown;
  after?: unknown;
}

/**
 * One line of the audit log, written with the executor of the action it records: inside the
 * action's transaction it commits or rolls back with it, so the log never claims what did not happen.
 * It names the request that did it (the request's scope, http/request-id.ts), so the row leads to
 * the request's log line.
 */
export async function writeAudit(db: Executor, row: AuditEntry): Promise<void> {
  const detail = { ...row.detail, ...(row.before !== undefined ? { before: row.before } : {}), ...(row.after !== undefined ? { after: row.after } : {}) };
  await db
    .insertInto('audit_log')
    .values({ admin_id: row.adminId, action: row.action, target: row.target, detail: JSON.stringify(detail), request_id: currentRequestId() ?? null })
    .execute();
}
