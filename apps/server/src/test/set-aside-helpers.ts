import { endpoints } from '@tp/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { post } from '../modules/ledger/index.js';
import { callEndpoint } from './http-helpers.js';

let poisons = 0;

/**
 * The attack's state, made through real postings so the ledger still re-derives: `amount` of an
 * account's held bucket moved to available (a negative amount moves it back, the cure). The
 * account then holds less than the business rows behind it (a running option, a fund
 * subscription, a position's margin), and releasing them fails with "held would go below zero".
 */
export async function moveHeld(db: Db, accountId: number, amount: string): Promise<void> {
  poisons += 1;
  const back = amount.startsWith('-');
  const abs = back ? amount.slice(1) : amount;
  await db.transaction().execute((trx) =>
    post(trx, {
      kind: 'adjustment',
      memo: back ? 'test: held restored' : 'test: held bucket drained',
      reference: `test-poison:${accountId}:${poisons}:${Date.now()}`,
      postings: [
        { accountId, bucket: 'held', amount: back ? abs : `-${abs}` },
        { accountId, bucket: 'available', amount: back ? `-${abs}` : abs },
      ],
    }),
  );
}

/** A user's ledger account of a type (1 funding, 2 options, 3 contract). */
export async function accountOf(db: Db, userId: number, type: number): Promise<number> {
  const row = await db.selectFrom('ledger_accounts').select('id').where('user_id', '=', userId).where('account_type', '=', type).executeTakeFirstOrThrow();
  return row.id;
}

export async function setAsideRows(db: Db, job: string) {
  return db.selectFrom('set_aside_items').selectAll().where('job', '=', job).orderBy('item').execute();
}

/** What staff see: the dashboard's set-aside list. */
export async function dashboardSetAside(app: FastifyInstance, adminToken: string) {
  const res = await callEndpoint(app, endpoints.adminOps.dashboard, { token: adminToken });
  if (res.body.code !== 1) throw new Error(`dashboard: ${JSON.stringify(res.body)}`);
  return { rows: res.body.data.set_aside, total: res.body.data.set_aside_total };
}
