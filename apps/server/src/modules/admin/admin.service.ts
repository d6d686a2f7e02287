import type { AdminSession } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import * as repo from './admin.repository.js';
import { writeAudit } from './audit.repository.js';

/** Admin login: its own sessions table and tokens (never valid on user routes). */
export async function adminLogin(trx: Executor, email: string, password: string, ip: string): Promise<AdminSession> {
  const admin = await repo.findAdminByEmail(trx, email);
  // Verify against a dummy hash for an unknown e-mail so the answer time does not tell.
  const ok = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), password);
  if (!admin || !ok) refuse('invalid_credentials');
  const token = newToken();
  await repo.insertAdminSession(trx, admin.id, hashToken(token));
  await writeAudit(trx, { adminId: admin.id, action: 'admin.login', target: `admin:${admin.id}`, detail: { ip } });
  return { token, admin: { id: admin.id, email: admin.email } };
}

export async function adminLogout(trx: Executor, adminId: number, sessionId: number): Promise<void> {
  await repo.revokeAdminSession(trx, sessionId);
  await writeAudit(trx, { adminId, action: 'admin.logout', target: `admin:${adminId}`, detail: {} });
}
