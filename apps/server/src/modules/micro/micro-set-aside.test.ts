import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type MicroOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin } from '../../test/http-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';
import { accountOf, dashboardSetAside, moveHeld, setAsideRows } from '../../test/set-aside-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { MicroSettler, createMicroSettler } from './micro-settler.js';

/*
 * One account whose options account holds less than its running stakes (the attack of the issue)
 * must not stop option settlement for everyone: the healthy users' options settle at their exit
 * tick, the poisoned one is set aside with its reason for staff, retried by the sweep (not on
 * every tick), and settles - leaving the list - once its account can pay.
 */

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let settler: MicroSettler;
let admin: string;
const clock = { shift: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT'],
    engine: {
      now: () => Date.now() + clock.shift,
      consumers: [(deps) => (settler = createMicroSettler(deps, { sweepEveryMs: 0 }))],
    },
  }));
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

async function tick(price: string, offsetMs = 0): Promise<void> {
  feed.push({ code: 'BTCUSDT', price, atMs: Date.now() + offsetMs });
  await engine.flush();
}

async function status(id: number): Promise<number> {
  return (await t.db.selectFrom('micro_orders').select('status').where('id', '=', String(id)).executeTakeFirstOrThrow()).status;
}

describe('option settlement with one poisoned account', () => {
  it('settles the healthy option, sets the poisoned one aside for the sweep, and settles it once cured', async () => {
    await tick('100000.00');
    const btc = (await t.db.selectFrom('trade_symbols').select('id').where('code', '=', 'BTCUSDT').executeTakeFirstOrThrow()).id;
    const healthy = await demoLogin(t.app, `set-aside-ok-${Date.now()}`);
    const poisoned = await demoLogin(t.app, `set-aside-bad-${Date.now()}`);
    const submit = async (token: string) =>
      (await call<MicroOrder>(t.app, { method: 'POST', url: endpoints.micro.submit.path, headers: { authorization: token }, payload: { forex_id: btc, type: 1, number: '100', seconds: 30 } })).body.data;
    // The poisoned user's order first: it is in every batch the healthy one is in.
    const bad = await submit(poisoned.token);
    const good = await submit(healthy.token);
    const badAccount = await accountOf(t.db, poisoned.user.id, 2);
    await moveHeld(t.db, badAccount, '60');

    clock.shift = 32_000;
    await tick('100010.00', 31_000);
    expect(await status(good.Id)).toBe(3);
    expect(await status(bad.Id)).toBe(1);
    const key = `order ${bad.Id} (user ${poisoned.user.id})`;
    const [row] = await setAsideRows(t.db, 'micro.settle');
    expect(row).toMatchObject({ item: key, attempts: 1 });
    expect(row!.reason).toContain('held would go below zero');

    // Later ticks do not spin on it: it waits for the sweep.
    await tick('100020.00', 32_000);
    await tick('100030.00', 33_000);
    expect((await setAsideRows(t.db, 'micro.settle'))[0]!.attempts).toBe(1);

    const seen = await dashboardSetAside(t.app, admin);
    expect(seen.total).toBe(1);
    expect(seen.rows).toEqual([expect.objectContaining({ job: 'micro.settle', item: key, attempts: 1, reason: expect.stringContaining('held would go below zero') })]);

    // The sweep retries it: still short, one more attempt on the same row.
    clock.shift = 45_000;
    await settler.sweep();
    expect(await status(bad.Id)).toBe(1);
    expect(await setAsideRows(t.db, 'micro.settle')).toEqual([expect.objectContaining({ item: key, attempts: 2 })]);

    // Cured: the next sweep settles it at its own exit tick and the row goes.
    await moveHeld(t.db, badAccount, '-60');
    await settler.sweep();
    expect(await status(bad.Id)).toBe(3);
    const settled = await t.db.selectFrom('micro_orders').select(['end_price']).where('id', '=', String(bad.Id)).executeTakeFirstOrThrow();
    expect(Number(settled.end_price)).toBe(100010);
    expect(await setAsideRows(t.db, 'micro.settle')).toEqual([]);
    expect((await dashboardSetAside(t.app, admin)).rows).toEqual([]);
  });
});
