import type { Executor } from '../../db/database.js';

/** One line of the audit log; written in the same transaction as the action it records. */
export async function writeAudit(db: Executor, row: { adminId: number | null; action: string; target: string | null; detail: Record<string, unknown> }): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ admin_id: row.adminId, action: row.action, target: row.target, detail: JSON.stringify(row.detail) })
    .execute();
}
