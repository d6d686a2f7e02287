import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, demoLogin, registerUser } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { symbolId } from '../../test/forex-helpers.js';
import { accountOf, dashboardSetAside, moveHeld, setAsideRows } from '../../test/set-aside-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { ForexEngine } from '../forex/index.js';
import { syncCopies } from './follow-replication.js';

/*
 * Copy trading with one poisoned follower: a follower whose copy cannot be written must not keep
 * the trader's other followers from their copies, and one whose account cannot pay a copy's
 * close must not keep the others' copies open. Each is set aside for staff and retried later.
 */

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let fx: ForexEngine;
let btc: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  btc = await symbolId(t.db, 'BTCUSDT');
  await t.db.updateTable('trade_symbols').set({ fee_rate: '0', pip: '0.01', min_cont: '0.01', max_cont: null }).where('id', '=', btc).execute();
  admin = await adminToken(t.app);
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT'],
    engine: { consumers: [(deps) => (fx = new ForexEngine(deps, { pushIntervalMs: 0, reconcileMs: 0 }))] },
  }));
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

async function tick(price: string): Promise<void> {
  feed.push({ code: 'BTCUSDT', price });
  await engine.flush();
  await fx.idle();
}

async function forex(path: string, token: string, payload: Record<string, unknown>): Promise<ForexOrder> {
  const res = await call<ForexOrder>(t.app, { method: 'POST', url: path, headers: { authorization: token, lang: 'en' }, payload });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  await fx.idle();
  return res.body.data;
}

async function trader() {
  const u = await registerUser(t.app, t.dataDir);
  await fund(t.app, u.token, admin, '20000');
  expect((await call(t.app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: { authorization: u.token }, payload: { balance: '20000', from: 1, to: 3, currency_id: 1 } })).body.code).toBe(1);
  await t.db.updateTable('users').set({ is_trader: true }).where('id', '=', u.user.id).execute();
  return u;
}

/** Two demo followers in the same copy lane (follower id mod 2), the first with the lower account. */
async function twoFollowers(traderId: number, tag: string) {
  const first = await demoLogin(t.app, `${tag}-1`);
  let second = await demoLogin(t.app, `${tag}-2`);
  if (second.user.id % 2 !== first.user.id % 2) second = await demoLogin(t.app, `${tag}-3`);
  for (const f of [first, second]) {
    const res = await callEndpoint(t.app, endpoints.follow.followTrader, { token: f.token, input: { trader_id: traderId, multiple: '1', max_amount: '5000' } });
    expect(res.body.code).toBe(1);
  }
  return [first, second] as const;
}

const copyOf = (traderOrderId: number, followerId: number) =>
  t.db.selectFrom('follow_copies').select(['copy_order_id', 'skip_reason']).where('trader_order_id', '=', traderOrderId).where('follower_id', '=', followerId).executeTakeFirst();
const status = async (id: number) => (await t.db.selectFrom('forex_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('copy trading with one poisoned follower', () => {
  it('copies the trader to the healthy follower, sets the one it cannot copy aside, and copies it on retry once cured', async () => {
    await tick('100000.00');
    const t1 = await trader();
    const [bad, good] = await twoFollowers(t1.user.id, 'follow-aside-copy');
    // This follower's copy order cannot be written (any fault of its own row).
    await sql`CREATE FUNCTION refuse_copy_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'copy refused for this follower'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_copy_for_test BEFORE INSERT ON forex_orders FOR EACH ROW
      WHEN (NEW.origin_id > 0 AND NEW.user_id = ${sql.lit(bad.user.id)}) EXECUTE FUNCTION refuse_copy_for_test()`.execute(t.db);

    const own = await forex(endpoints.forex.submit.path, t1.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 });
    expect((await copyOf(own.Id, good.user.id))?.copy_order_id).toEqual(expect.any(Number));
    expect(await copyOf(own.Id, bad.user.id)).toBeUndefined();
    const key = `trader order ${own.Id}, follower ${bad.user.id}`;
    const [row] = await setAsideRows(t.db, 'follow.copy');
    expect(row).toMatchObject({ item: key, attempts: 1 });
    expect(row!.reason).toContain('copy refused for this follower');
    expect((await dashboardSetAside(t.app, admin)).rows).toEqual([expect.objectContaining({ job: 'follow.copy', item: key })]);

    // Syncs before its retry is due leave it alone; the retry while still refused counts an attempt.
    await syncCopies(t.db, t.app.bus, Date.now());
    expect((await setAsideRows(t.db, 'follow.copy'))[0]!.attempts).toBe(1);
    await syncCopies(t.db, t.app.bus, Date.now() + 11_000);
    expect((await setAsideRows(t.db, 'follow.copy'))[0]!.attempts).toBe(2);

    // Cured: the retry copies it at the trader's fill and the row goes.
    await sql`DROP TRIGGER refuse_copy_for_test ON forex_orders`.execute(t.db);
    await sql`DROP FUNCTION refuse_copy_for_test()`.execute(t.db);
    await syncCopies(t.db, t.app.bus, Date.now() + 22_000);
    const made = await copyOf(own.Id, bad.user.id);
    expect(made?.copy_order_id).toEqual(expect.any(Number));
    const copy = await t.db.selectFrom('forex_orders').select(['price', 'status']).where('id', '=', made!.copy_order_id!).executeTakeFirstOrThrow();
    expect(copy).toEqual({ price: (await t.db.selectFrom('forex_orders').select('price').where('id', '=', own.Id).executeTakeFirstOrThrow()).price, status: 1 });
    expect(await setAsideRows(t.db, 'follow.copy')).toEqual([]);

    // Both copies close with the trader.
    await forex(endpoints.forex.close.path, t1.token, { id: own.Id });
    expect(await status(made!.copy_order_id!)).toBe(3);
  });

  it("closes the healthy follower's copy with the trader, sets aside the one whose account cannot pay, and closes it once cured", async () => {
    await tick('100000.00');
    const t2 = await trader();
    const [bad, good] = await twoFollowers(t2.user.id, 'follow-aside-close');
    const own = await forex(endpoints.forex.submit.path, t2.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 10 });
    const badCopy = (await copyOf(own.Id, bad.user.id))!.copy_order_id!;
    const goodCopy = (await copyOf(own.Id, good.user.id))!.copy_order_id!;
    expect(badCopy).toBeLessThan(goodCopy); // the bad one comes first in every pass
    const badAccount = await accountOf(t.db, bad.user.id, 3);
    await moveHeld(t.db, badAccount, '500');

    await forex(endpoints.forex.close.path, t2.token, { id: own.Id });
    expect(await status(goodCopy)).toBe(3);
    expect(await status(badCopy)).toBe(1);
    const key = `copy ${badCopy} (follower ${bad.user.id})`;
    const [row] = await setAsideRows(t.db, 'follow.close-copy');
    expect(row).toMatchObject({ item: key, attempts: 1 });
    expect(row!.reason).toContain('held would go below zero');
    expect((await dashboardSetAside(t.app, admin)).rows).toEqual([expect.objectContaining({ job: 'follow.close-copy', item: key })]);
    await syncCopies(t.db, t.app.bus, Date.now());
    expect((await setAsideRows(t.db, 'follow.close-copy'))[0]!.attempts).toBe(1);

    await moveHeld(t.db, badAccount, '-500');
    await syncCopies(t.db, t.app.bus, Date.now() + 11_000);
    const closed = await t.db.selectFrom('forex_orders').select(['status', 'update_price']).where('id', '=', badCopy).executeTakeFirstOrThrow();
    const traderClose = await t.db.selectFrom('forex_orders').select('update_price').where('id', '=', own.Id).executeTakeFirstOrThrow();
    expect(closed).toEqual({ status: 3, update_price: traderClose.update_price });
    expect(await setAsideRows(t.db, 'follow.close-copy')).toEqual([]);
    await fx.idle();
  });
});
