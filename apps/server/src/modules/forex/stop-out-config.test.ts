import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, demoLogin } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { symbolId } from '../../test/forex-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { ForexEngine } from './forex-engine.js';

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let fx: ForexEngine;
let btc: number;

beforeAll(async () => {
  t = await createTestApp();
  btc = await symbolId(t.db, 'BTCUSDT');
  await t.db.updateTable('trade_symbols').set({ fee_rate: '0' }).where('id', '=', btc).execute();
  // The periodic reconcile is off: only the config.changed event can bring the new level.
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT'],
    engine: { consumers: [(deps) => (fx = new ForexEngine(deps, { pushIntervalMs: 0, reconcileMs: 0 }))] },
  }));
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

async function tick(price: string): Promise<void> {
  feed.push({ code: 'BTCUSDT', price });
  await engine.flush();
  await fx.idle();
}

describe('the stop-out level reaches the running trigger engine', () => {
  it('raising stop_out_level in the console stops out a user who is now below it, without a restart', async () => {
    const admin = await adminToken(t.app);
    const { token } = await demoLogin(t.app, 'stopout-config');
    await tick('100000.00');
    // Margin 1000.15 (fill 100015, x10); 8999.85 left: risk rate about 999 %.
    const placed = await callEndpoint(t.app, endpoints.forex.submit, { input: { type: 1, cont: '0.1', forex_id: btc, status: 1, multiple: 10 } as never, token });
    const order = placed.body.data as ForexOrder;
    await fx.idle();
    await tick('99000.00');
    const status = async () => (await t.db.selectFrom('forex_orders').select(['status', 'close_type']).where('id', '=', order.Id).executeTakeFirstOrThrow());
    expect(await status()).toEqual({ status: 1, close_type: null });

    const changed = await callEndpoint(t.app, endpoints.adminConfig.updateSetting, { params: { key: 'stop_out_level' }, input: { value: '1000' }, token: admin });
    expect(changed.body).toMatchObject({ code: 1, data: { key: 'stop_out_level', value: '1000' } });
    await fx.idle();
    expect(await status()).toEqual({ status: 3, close_type: 2 });
  });
});
