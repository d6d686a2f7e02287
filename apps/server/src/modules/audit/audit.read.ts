import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type AdminAuditRow } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';

const AUDIT_PER_PAGE = 30;

export interface AuditFilter {
  adminId?: number | undefined;
  /** Exact, or ending in a dot for every action of an area (`user.`). */
  action?: string | undefined;
  target?: string | undefined;
  /** UTC wire times (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`): from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** A wire date or date-time read as UTC (the database would read a bare string in its own zone). */
function utcTime(value: string): Date {
  return new Date(`${value.length === 10 ? `${value}T00:00:00` : value.replace(' ', 'T')}Z`);
}

/** The audit log, newest first, with the staff member's e-mail; before and after split out of detail. */
export async function readAuditLog(db: Executor, f: AuditFilter, limit: number, offset: number): Promise<{ rows: AdminAuditRow[]; total: number }> {
  let query = db.selectFrom('audit_log as l');
  if (f.adminId !== undefined) query = query.where('l.admin_id', '=', f.adminId);
  if (f.action !== undefined) {
    const action = f.action;
    query = action.endsWith('.') ? query.where(sql<boolean>`starts_with(l.action, ${action})`) : query.where('l.action', '=', action);
  }
  if (f.target !== undefined) query = query.where('l.target', '=', f.target);
  if (f.from !== undefined) query = query.where('l.created_at', '>=', utcTime(f.from));
  if (f.to !== undefined) query = query.where('l.created_at', '<', utcTime(f.to));
  const [rows, count] = await Promise.all([
    query
      .leftJoin('admins as a', 'a.id', 'l.admin_id')
      .select(['l.id', 'l.admin_id', 'a.email as admin_email', 'l.action', 'l.target', 'l.detail', 'l.request_id', 'l.created_at'])
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => {
      const { before = null, after = null, ...detail } = (r.detail ?? {}) as Record<string, unknown>;
      return { id: r.id, admin_id: r.admin_id, admin_email: r.admin_email, action: r.action, target: r.target, detail, before, after, request_id: r.request_id, created_at: wireDateTime(r.created_at) };
    }),
  };
}

/** The audit log page of the admin console (admins only: it shows what every staff member did). */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.adminOps.audit, async ({ req, input }) => {
    const { limit, offset } = pageWindow(input.page, AUDIT_PER_PAGE);
    const filter = { adminId: input.admin_id, action: input.action, target: input.target, from: input.from, to: input.to };
    const { rows, total } = await readAuditLog(app.db, filter, limit, offset);
    return okEnvelope(req.lang, paged(rows, total, input.page, AUDIT_PER_PAGE));
  });
};
