import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin } from '../../test/http-helpers.js';
import { storeTick, symbolId } from '../../test/forex-helpers.js';

/*
 * Parallel closes of one user's orders: an attack saw 5 of 600 answered HTTP 500 (deadlocks,
 * rolled back). A close locked the user's account first and the house's P&L account later, in its
 * ledger post; another close holding the house account and waiting for the user's made a cycle.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: token, lang: 'en' });

describe("parallel closes of one user's orders", () => {
  it('all close, each exactly once, and none answers 500', async () => {
    const btc = await symbolId(t.db, 'BTCUSDT');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const users = await Promise.all([demoLogin(t.app, `close-burst-a-${Date.now()}`), demoLogin(t.app, `close-burst-b-${Date.now()}`)]);
    const orders: { token: string; id: number }[] = [];
    for (const u of users) {
      for (let i = 0; i < 30; i++) {
        const res = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(u.token), payload: { type: 1 + (i % 2), cont: '0.01', forex_id: btc, status: 1, multiple: 10 } });
        expect(res.body.code).toBe(1);
        orders.push({ token: u.token, id: res.body.data.Id });
      }
    }
    // A price move, so every close books a profit or a loss against the house.
    await storeTick(t.db, 'BTCUSDT', '100500.00');
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(orders.map((o) => call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(o.token), payload: { id: o.id } })));
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body.msg)).toEqual([]);
      // The first round closes every order; the second finds them closed (refused, not 500).
      expect(answers.every((a) => (round === 0 ? a.body.code === 1 : a.body.code === 0))).toBe(true);
    }
    const open = await t.db.selectFrom('forex_orders').select('id').where('user_id', 'in', users.map((u) => u.user.id)).where('status', '!=', 3).execute();
    expect(open).toEqual([]);
    const closes = await t.db.selectFrom('ledger_transactions').select('reference').where('kind', '=', 'forex_close').where('reference', 'in', orders.map((o) => `forex_order:${o.id}`)).execute();
    expect(closes).toHaveLength(orders.length);
  }, 60_000);
});

describe('a close and another post to the house', () => {
  it('never wait on each other in a cycle: the close takes the user account and the house together, in the ledger lock order', async () => {
    const btc = await symbolId(t.db, 'BTCUSDT');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const demo = await demoLogin(t.app, `close-order-${Date.now()}`);
    const opened = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(demo.token), payload: { type: 1, cont: '0.01', forex_id: btc, status: 1, multiple: 10 } });
    const house = await t.db.selectFrom('ledger_accounts').select('id').where('system_code', '=', 'house_demo_funding').executeTakeFirstOrThrow();
    const account = await t.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', demo.user.id).where('account_type', '=', 3).executeTakeFirstOrThrow();
    // Another transaction takes this user's account and then the house's, in the ledger's lock
    // order (users first): a group batch whose action reaches the house, or another post.
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SET LOCAL deadlock_timeout = '100ms'");
      await other.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [account.id]);
      const closing = call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(demo.token), payload: { id: opened.body.data.Id } });
      await new Promise((r) => setTimeout(r, 300));
      // Had the close locked the house's account first, this would now be a deadlock.
      await other.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [house.id]);
      await other.query('COMMIT');
      expect((await closing).body.code).toBe(1);
    } finally {
      await other.end();
    }
  }, 30_000);
});
