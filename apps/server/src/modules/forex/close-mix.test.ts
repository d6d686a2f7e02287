import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, type Answer } from '../../test/http-helpers.js';
import { storeTick, symbolId } from '../../test/forex-helpers.js';
import { verifyLedger } from '../ledger/index.js';

/*
 * Closes of one user's orders sent all at once, mixed with that user's submits and with closes of
 * other users' orders: closes share transactions in batches (db/group-transaction.ts) that lock
 * their users' accounts first, while a close on its own locks the house's and the user's accounts
 * together, ascending. Whatever waits on what, PostgreSQL may still pick a victim; a victim is run
 * again inside, so no request answers 500, and every order is closed exactly once.
 */

let t: TestApp;
let btc: number;
beforeAll(async () => {
  t = await createTestApp();
  btc = await symbolId(t.db, 'BTCUSDT');
  await storeTick(t.db, 'BTCUSDT', '100000.00');
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: token, lang: 'en' });
const submit = (token: string, i: number): Promise<Answer<ForexOrder>> =>
  call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: { type: 1 + (i % 2), cont: '0.01', forex_id: btc, status: 1, multiple: 100 } });
const close = (token: string, id: number) => call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(token), payload: { id } });

async function openOrders(token: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await submit(token, i);
    expect(res.body.code).toBe(1);
    ids.push(res.body.data.Id);
  }
  return ids;
}

describe("a burst of closes of one user's orders", () => {
  it('mixed with submits and other users\' closes: no 500, each order closed exactly once, the ledger consistent', async () => {
    const stamp = Date.now();
    const [main, ...others] = await Promise.all([0, 1, 2].map((i) => demoLogin(t.app, `close-mix-${i}-${stamp}`)));
    const mainIds = await openOrders(main!.token, 60);
    const otherIds = await Promise.all(others.map((o) => openOrders(o.token, 15)));
    // A price move: every close books a profit or a loss against the house.
    await storeTick(t.db, 'BTCUSDT', '100400.00');
    for (let round = 0; round < 3; round++) {
      const requests: Promise<Answer>[] = [];
      const ids = mainIds.slice(round * 20, round * 20 + 20);
      for (const [i, id] of ids.entries()) {
        requests.push(close(main!.token, id));
        // The same order twice: one closes it, the other is refused.
        if (i % 5 === 0) requests.push(close(main!.token, id));
        if (i % 2 === 0) requests.push(submit(main!.token, i));
      }
      others.forEach((o, k) => {
        for (const id of otherIds[k]!.slice(round * 5, round * 5 + 5)) requests.push(close(o.token, id));
      });
      const answers = await Promise.all(requests);
      expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.msg}`)).toEqual([]);
      // Only the second close of each order sent twice is refused.
      expect(answers.filter((a) => a.body.code !== 1).map((a) => a.body.error)).toEqual(Array(4).fill('forex_order_not_holding'));
    }
    const all = [...mainIds, ...otherIds.flat()];
    const open = await t.db.selectFrom('forex_orders').select('id').where('id', 'in', all).where('status', '!=', 3).execute();
    expect(open).toEqual([]);
    const closes = await t.db.selectFrom('ledger_transactions').select('reference').where('kind', '=', 'forex_close').where('reference', 'in', all.map((id) => `forex_order:${id}`)).execute();
    expect(closes).toHaveLength(all.length);
    expect(new Set(closes.map((c) => c.reference)).size).toBe(all.length);
    expect(await verifyLedger(t.db)).toEqual([]);
  }, 120_000);
});

describe('a close chosen as a deadlock victim', () => {
  it('is run again inside and answers as if nothing had happened, not 500', async () => {
    const demo = await demoLogin(t.app, `close-victim-${Date.now()}`);
    const [id] = await openOrders(demo.token, 1);
    const account = await t.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', demo.user.id).where('account_type', '=', 3).executeTakeFirstOrThrow();
    // Another transaction as a batch of closes takes it: the user's accounts first, then the order.
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      // It waits longest before looking for a deadlock: the close, waiting since before, is the one aborted.
      await other.query("SET LOCAL deadlock_timeout = '5s'");
      await other.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [account.id]);
      // The close locks its order, then waits for the account.
      const closing = close(demo.token, id!);
      await new Promise((r) => setTimeout(r, 300));
      await other.query('SELECT id FROM forex_orders WHERE id = $1 FOR UPDATE', [id]);
      await other.query('COMMIT');
      const answer = await closing;
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(1);
    } finally {
      await other.end();
    }
    const closes = await t.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'forex_close').where('reference', '=', `forex_order:${id}`).execute();
    expect(closes).toHaveLength(1);
  }, 30_000);
});
