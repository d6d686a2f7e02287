import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * A fingerprint of everything a request could change: balances and the ledger, every business
 * table, sessions and users. Tables a refused request must not touch are compared row by row
 * (md5 of the rows); sessions by count and live count, because using a token stamps last_used_at.
 */
const ROW_DIGESTS = [
  'ledger_accounts',
  'forex_orders',
  'micro_orders',
  'charges',
  'withdrawals',
  'withdraw_methods',
  'transfers',
  'uploads',
  'settings',
  'real_name_auths',
  'news',
  'fund_subscriptions',
  'fund_incomes',
  'loan_kyc',
  'loan_configs',
  'loans',
  'watchlist',
  'push_subscriptions',
  'price_alerts',
] as const;
const COUNTS = ['ledger_transactions', 'ledger_postings', 'idempotency_keys', 'event_outbox', 'audit_log', 'verification_codes', 'login_attempts'] as const;

export type StateDigest = Record<string, string>;

export async function stateDigest(db: Db): Promise<StateDigest> {
  const parts = [
    ...ROW_DIGESTS.map((t) => `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${t} x) AS ${t}`),
    ...COUNTS.map((t) => `(SELECT count(*)::text FROM ${t}) AS ${t}`),
    `(SELECT md5(coalesce(string_agg(concat_ws(',', id, email, password_hash, status, is_demo, demo_id, inviter_id), '|' ORDER BY id), '')) FROM users) AS users`,
    `(SELECT concat_ws('/', count(*), count(*) FILTER (WHERE revoked_at IS NULL)) FROM sessions) AS sessions`,
    `(SELECT concat_ws('/', count(*), count(*) FILTER (WHERE revoked_at IS NULL)) FROM admin_sessions) AS admin_sessions`,
  ];
  const { rows } = await sql<StateDigest>`SELECT ${sql.raw(parts.join(',\n'))}`.execute(db);
  return rows[0]!;
}

/** The names whose digest differs. */
export function changedParts(before: StateDigest, after: StateDigest): string[] {
  return Object.keys(before).filter((k) => before[k] !== after[k]);
}
