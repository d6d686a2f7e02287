import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, tradeSymbolSchema } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';

/** The app's clock: market hours (MarketStatus) are read at it. */
let clockMs = Date.UTC(2026, 10, 28, 10, 0); // Saturday 28 November 2026, 10:00 UTC: the forex week is closed
let t: TestApp;
let ids: Map<string, number>;
let alice: Registered;
let bob: Registered;

beforeAll(async () => {
  t = await createTestApp({ now: () => clockMs });
  ids = new Map((await t.db.selectFrom('trade_symbols').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  alice = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await t.close();
});

const id = (code: string) => ids.get(code)!;
const list = (token: string) => callEndpoint(t.app, endpoints.market.watchlist, { token });
const star = (token: string, forexId: unknown) => callEndpoint(t.app, endpoints.market.watchlistAdd, { token, input: { forex_id: forexId as number } });
const unstar = (token: string, forexId: unknown) => callEndpoint(t.app, endpoints.market.watchlistRemove, { token, input: { forex_id: forexId as number } });

describe('trade_list: market hours', () => {
  async function symbols() {
    const res = await callEndpoint(t.app, endpoints.market.tradeList);
    expect(res.body.code).toBe(1);
    for (const s of res.body.data) expect(tradeSymbolSchema.safeParse(s).success, s.Code).toBe(true);
    return new Map(res.body.data.map((s) => [s.Code, s]));
  }

  it('a closed forex symbol says when it opens; an open one when it closes; crypto never changes', async () => {
    clockMs = Date.UTC(2026, 10, 28, 10, 0); // Saturday
    let list = await symbols();
    expect(list.get('EURUSD')).toMatchObject({ MarketStatus: 0, MarketChangeST: Date.UTC(2026, 10, 29, 22, 0) }); // Sunday 22:00 UTC
    expect(list.get('XAUUSD')).toMatchObject({ MarketStatus: 0, MarketChangeST: Date.UTC(2026, 10, 29, 22, 0) });
    expect(list.get('BTCUSDT')).toMatchObject({ MarketStatus: 1, MarketChangeST: null });

    clockMs = Date.UTC(2026, 10, 30, 9, 30); // Monday
    list = await symbols();
    expect(list.get('EURUSD')).toMatchObject({ MarketStatus: 1, MarketChangeST: Date.UTC(2026, 11, 4, 22, 0) }); // Friday 22:00 UTC
    expect(list.get('BTCUSDT')).toMatchObject({ MarketStatus: 1, MarketChangeST: null });

    clockMs = Date.UTC(2026, 11, 4, 22, 0); // Friday 22:00 UTC: closed from this instant
    list = await symbols();
    expect(list.get('EURUSD')).toMatchObject({ MarketStatus: 0, MarketChangeST: Date.UTC(2026, 11, 6, 22, 0) });
  });
});

describe('watchlist', () => {
  it('a visitor has none on the server', async () => {
    expectRefused(await callEndpoint(t.app, endpoints.market.watchlist), 'not_logged_in', 999);
    expectRefused(await callEndpoint(t.app, endpoints.market.watchlistAdd, { input: { forex_id: id('EURUSD') } }), 'not_logged_in', 999);
    expectRefused(await callEndpoint(t.app, endpoints.market.watchlistRemove, { input: { forex_id: id('EURUSD') } }), 'not_logged_in', 999);
  });

  it('stars and unstars symbols, kept in the order they were starred; a second star or unstar changes nothing', async () => {
    expect((await list(alice.token)).body).toMatchObject({ code: 1, data: [] });
    expect((await star(alice.token, id('XAUUSD'))).body).toMatchObject({ code: 1, data: [id('XAUUSD')] });
    expect((await star(alice.token, id('BTCUSDT'))).body.data).toEqual([id('XAUUSD'), id('BTCUSDT')]);
    // a form's string id, as the spec's clients send them
    expect((await star(alice.token, String(id('EURUSD')))).body.data).toEqual([id('XAUUSD'), id('BTCUSDT'), id('EURUSD')]);
    expect((await star(alice.token, id('XAUUSD'))).body.data).toEqual([id('XAUUSD'), id('BTCUSDT'), id('EURUSD')]);
    expect((await unstar(alice.token, id('BTCUSDT'))).body).toMatchObject({ code: 1, data: [id('XAUUSD'), id('EURUSD')] });
    expect((await unstar(alice.token, id('BTCUSDT'))).body).toMatchObject({ code: 1, data: [id('XAUUSD'), id('EURUSD')] });
    expect((await list(alice.token)).body.data).toEqual([id('XAUUSD'), id('EURUSD')]);
  });

  it("each user has their own: another user's stars are neither listed nor removed", async () => {
    expect((await list(bob.token)).body.data).toEqual([]);
    // Bob unstarring what Alice starred touches only his own (empty) list.
    expect((await unstar(bob.token, id('EURUSD'))).body.data).toEqual([]);
    expect((await star(bob.token, id('ETHUSDT'))).body.data).toEqual([id('ETHUSDT')]);
    expect((await list(alice.token)).body.data).toEqual([id('XAUUSD'), id('EURUSD')]);
    const rows = await t.db.selectFrom('watchlist').select(['user_id', 'symbol_id']).orderBy('user_id').orderBy('created_at').execute();
    expect(rows).toEqual([
      { user_id: alice.user.id, symbol_id: id('XAUUSD') },
      { user_id: alice.user.id, symbol_id: id('EURUSD') },
      { user_id: bob.user.id, symbol_id: id('ETHUSDT') },
    ]);
  });

  it('a demo account keeps a watchlist too', async () => {
    const demo = await demoLogin(t.app, 'watchlist-demo-visitor');
    expect((await star(demo.token, id('GBPUSD'))).body).toMatchObject({ code: 1, data: [id('GBPUSD')] });
    const again = await demoLogin(t.app, 'watchlist-demo-visitor');
    expect((await list(again.token)).body.data).toEqual([id('GBPUSD')]);
  });

  it('refuses an unknown symbol and bad input, changing nothing', async () => {
    const before = (await list(alice.token)).body.data;
    expectRefused(await star(alice.token, 999_999), 'not_found');
    for (const bad of [0, -1, 'x', '1.5', '', null, [id('EURUSD')], { id: 1 }, 2 ** 31]) {
      expectRefused(await star(alice.token, bad), 'bad_request');
      expectRefused(await unstar(alice.token, bad), 'bad_request');
    }
    expectRefused(await callEndpoint(t.app, endpoints.market.watchlistAdd, { token: alice.token, input: {} as never }), 'bad_request');
    expect((await list(alice.token)).body.data).toEqual(before);
  });

  it('a symbol staff disabled is left out, cannot be starred, and is back when enabled again', async () => {
    await t.db.updateTable('trade_symbols').set({ enabled: false }).where('id', '=', id('XAUUSD')).execute();
    try {
      expect((await list(alice.token)).body.data).toEqual([id('EURUSD')]);
      expectRefused(await star(bob.token, id('XAUUSD')), 'not_found');
    } finally {
      await t.db.updateTable('trade_symbols').set({ enabled: true }).where('id', '=', id('XAUUSD')).execute();
    }
    expect((await list(alice.token)).body.data).toEqual([id('XAUUSD'), id('EURUSD')]);
  });
});
