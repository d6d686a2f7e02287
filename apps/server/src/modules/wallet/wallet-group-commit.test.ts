import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { call, registerUser, type Answer, type Registered } from '../../test/http-helpers.js';
import { adminToken, balanceOf, fund } from '../../test/wallet-helpers.js';
import { createTestApp } from '../../test/test-app.js';
import { groupTransactions } from '../../db/group-transaction.js';
import { verifyLedger } from '../ledger/index.js';
import { endpoints } from '@tp/contracts';

/*
 * Money actions with a transaction of their own (here wallet transfers) that arrive while others
 * are being written share one transaction per batch, a savepoint per action (group commit). The
 * batches are made deterministic: blockers occupy every lane on accounts a test transaction has
 * locked, the other transfers queue meanwhile, and then the lock is released.
 */

let t: TestApp;
let admin: string;
const users: Registered[] = [];
const blockers: Registered[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  for (let i = 0; i < 6; i++) users.push(await registerUser(t.app, t.dataDir));
  for (let i = 0; i < 2; i++) blockers.push(await registerUser(t.app, t.dataDir));
  for (const u of [...users, ...blockers]) await fund(t.app, u.token, admin, '100');
});
afterAll(() => t.close());

type TransferAnswer = Answer<{ id: number; balance: string }>;
const transfer = (token: string, payload: Record<string, unknown>, key?: string): Promise<TransferAnswer> =>
  call<{ id: number; balance: string }>(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) }, payload });

/** Occupies every lane with a blocked transfer, runs `send`, waits until `queued` actions wait, then lets all go. */
async function whileLanesBusy<T>(queued: number, send: () => Promise<T>): Promise<T> {
  const group = groupTransactions(t.db);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = t.db.transaction().execute(async (trx) => {
    await trx.selectFrom('ledger_accounts').select('id').where('user_id', 'in', blockers.map((b) => b.user.id)).forUpdate().execute();
    locked();
    await released;
  });
  await isLocked;
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 20_000;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  };
  const blocked = blockers.map((b, i) => transfer(b.token, { balance: '1', from: 1, to: 3 }, `blocker-${i}-${Math.random()}`));
  await until(() => group.writing === 2);
  const sent = send();
  await until(() => group.waiting >= queued);
  const waiting = group.waiting;
  release();
  await holder;
  for (const b of await Promise.all(blocked)) expect(b.body).toMatchObject({ code: 1 });
  expect(waiting).toBe(queued);
  return sent;
}

describe('group commit of wallet transfers', () => {
  it('writes queued transfers in one transaction; a refused one fails none of its neighbours; a key sent twice acts once', async () => {
    const group = groupTransactions(t.db);
    const before = { ...group.stats };
    const answers = await whileLanesBusy(13, () =>
      Promise.all([
        // Users 1..5: two transfers of 60 from 100 - the one that comes second in its batch is refused.
        ...users.slice(1).flatMap((u, i) => [transfer(u.token, { balance: '60', from: 1, to: 3 }, `a-${i}`), transfer(u.token, { balance: '60', from: 1, to: 3 }, `b-${i}`)]),
        // User 0: the same key three times - one transfer, three identical answers.
        ...[0, 1, 2].map(() => transfer(users[0]!.token, { balance: '60', from: 1, to: 3 }, 'same-key')),
      ]),
    );
    const after = group.stats;
    // 2 blockers alone + the 13 queued ones in at most two batches (one per lane).
    expect(after.actions - before.actions).toBe(15);
    expect(after.batches - before.batches).toBeLessThanOrEqual(4);
    expect(after.largest).toBeGreaterThan(1);
    expect(after.failedBatches - before.failedBatches).toBe(0);
    for (let i = 0; i < 5; i++) {
      const pair = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(pair.filter((a) => a.body.code === 1)).toHaveLength(1);
      expect(pair.filter((a) => a.body.error === 'insufficient_balance')).toHaveLength(1);
      const u = users[i + 1]!;
      expect(await balanceOf(t.app, u.token, 1)).toEqual({ balance: '40.00000000', lockBalance: '0.00000000' });
      expect(await balanceOf(t.app, u.token, 3)).toEqual({ balance: '60.00000000', lockBalance: '0.00000000' });
      const rows = await t.db.selectFrom('transfers').select('id').where('user_id', '=', u.user.id).execute();
      expect(rows.map((r) => r.id)).toEqual(pair.filter((a) => a.body.code === 1).map((a) => a.body.data.id));
    }
    const same = answers.slice(10);
    for (const a of same) expect(a.body).toMatchObject({ code: 1 });
    expect(new Set(same.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect((await t.db.selectFrom('transfers').select('id').where('user_id', '=', users[0]!.user.id).execute()).map((r) => r.id)).toEqual([same[0]!.body.data.id]);
    expect(await balanceOf(t.app, users[0]!.token, 1)).toEqual({ balance: '40.00000000', lockBalance: '0.00000000' });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
