import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { symbolId } from '../../test/forex-helpers.js';
import { accountOf, dashboardSetAside, moveHeld, setAsideRows } from '../../test/set-aside-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { ForexEngine } from './forex-engine.js';

/*
 * Trigger closes with one poisoned account: a user whose contract account holds less than the
 * margin of their position (the attack's state). Their stop loss cannot be settled; everyone
 * else's closes must go through at the same tick and on later ticks, the engine must not spin on
 * the bad one, and staff see it set aside until it settles.
 */

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let fx: ForexEngine;
let admin: string;
let eth: number;
const clock = { shift: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  eth = await symbolId(t.db, 'ETHUSDT');
  await t.db.updateTable('trade_symbols').set({ fee_rate: '0' }).where('id', '=', eth).execute();
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['ETHUSDT'],
    engine: { now: () => Date.now() + clock.shift, consumers: [(deps) => (fx = new ForexEngine(deps, { pushIntervalMs: 0, reconcileMs: 0 }))] },
  }));
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

/** A committed tick and all the engine does with it, which must end: a spinning engine fails here. */
async function tick(price: string): Promise<void> {
  feed.push({ code: 'ETHUSDT', price });
  await engine.flush();
  await Promise.race([fx.idle(), new Promise((_, reject) => setTimeout(() => reject(new Error('the forex engine did not finish the tick')), 5000))]);
}

async function buy(token: string, stopLoss: string): Promise<ForexOrder> {
  const res = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: { authorization: token, lang: 'en' }, payload: { type: 1, cont: '1', forex_id: eth, multiple: 10, stop_loss_price: stopLoss } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  await fx.idle();
  return res.body.data;
}

const status = async (id: number) => (await t.db.selectFrom('forex_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('trigger closes with one poisoned account', () => {
  it('closes the healthy stop losses, sets the poisoned one aside without spinning, and closes it once cured', async () => {
    await tick('4000.00');
    const bad = await demoLogin(t.app, 'fx-set-aside-bad');
    const good = await demoLogin(t.app, 'fx-set-aside-good');
    const later = await demoLogin(t.app, 'fx-set-aside-later');
    const badOrder = await buy(bad.token, '3900');
    const goodOrder = await buy(good.token, '3900');
    const laterOrder = await buy(later.token, '3700');
    const badAccount = await accountOf(t.db, bad.user.id, 3);
    await moveHeld(t.db, badAccount, '200');
    const attemptsBefore = fx.writes.stats.actions;

    await tick('3800.00'); // through both 3900 stops
    expect(await status(goodOrder.Id)).toBe(3);
    expect(await status(badOrder.Id)).toBe(1);
    const key = `order ${badOrder.Id} (user ${bad.user.id})`;
    const [row] = await setAsideRows(t.db, 'forex.triggers');
    expect(row).toMatchObject({ item: key, attempts: 1 });
    expect(row!.reason).toContain('held would go below zero');

    // Later ticks past its stop neither retry it nor hold anyone else back.
    const afterFirst = fx.writes.stats.actions;
    expect(afterFirst - attemptsBefore).toBeLessThanOrEqual(4);
    await tick('3750.00');
    await tick('3650.00');
    expect(await status(laterOrder.Id)).toBe(3);
    expect(fx.writes.stats.actions - afterFirst).toBe(1); // the later user's close alone
    expect((await setAsideRows(t.db, 'forex.triggers'))[0]!.attempts).toBe(1);
    expect((await dashboardSetAside(t.app, admin)).rows).toEqual([expect.objectContaining({ job: 'forex.triggers', item: key, attempts: 1 })]);

    // Retried once its retry is due: still short.
    await fx.retrySetAside();
    expect((await setAsideRows(t.db, 'forex.triggers'))[0]!.attempts).toBe(1); // not due yet
    clock.shift = 11_000;
    await fx.retrySetAside();
    expect(await status(badOrder.Id)).toBe(1);
    expect((await setAsideRows(t.db, 'forex.triggers'))[0]!.attempts).toBe(2);

    // Cured: the next retry closes it at the current price and the row goes.
    await moveHeld(t.db, badAccount, '-200');
    clock.shift = 22_000;
    await fx.retrySetAside();
    const closed = await t.db.selectFrom('forex_orders').select(['status', 'close_type', 'update_price']).where('id', '=', badOrder.Id).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: 3, close_type: 4 });
    expect(Number(closed.update_price)).toBe(3650);
    expect(await setAsideRows(t.db, 'forex.triggers')).toEqual([]);
  });
});
