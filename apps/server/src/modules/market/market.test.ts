import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, endpoints, LANGS, tradeSymbolSchema } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, expectRefused } from '../../test/http-helpers.js';
import { startManualEngine } from '../../test/market-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import type { ManualFeed } from '../../test/market-helpers.js';

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
let ids: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, { symbols: ['BTCUSDT', 'ETHUSDT', 'EURUSD'] }));
  ids = new Map((await t.db.selectFrom('trade_symbols').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

interface Sym {
  Id: number;
  Code: string;
  ShowCode: string;
  CategoryId: number;
  MarketStatus: number;
  HasForexMultiple: { Value: number }[];
  ForexQuotations: Record<string, string>;
  Logo: string;
}

describe('market endpoints', () => {
  it('trade_list: at least 20 symbols in at least 4 categories, every spec field, decimal strings', async () => {
    const res = await call<Sym[]>(t.app, { method: 'GET', url: `${endpoints.market.tradeList.path}?t=1` });
    expect(res.body.code).toBe(1);
    const list = res.body.data;
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(new Set(list.map((s) => s.CategoryId)).size).toBeGreaterThanOrEqual(4);
    for (const s of list) expect(tradeSymbolSchema.safeParse(s).success, s.Code).toBe(true);
    const eur = list.find((s) => s.Code === 'EURUSD')!;
    expect(eur).toMatchObject({ ShowCode: 'EUR/USD', Logo: '/logos/EURUSD.webp', PricePrecision: 5, Pip: '0.01', ForexContNum: '100000', MarginMode: 2 });
    expect(eur.HasForexMultiple.map((m) => m.Value)).toEqual([10, 20, 50, 100, 200, 500]);
    // 'no mult config' symbols exist; crypto is always open.
    expect(list.filter((s) => s.HasForexMultiple.length === 0).length).toBeGreaterThanOrEqual(1);
    expect(list.find((s) => s.Code === 'BTCUSDT')!.MarketStatus).toBe(1);
    // Quotes come from the generated history: an open, a close and a 24-hour range.
    const q = list.find((s) => s.Code === 'BTCUSDT')!.ForexQuotations;
    expect(Number(q.High)).toBeGreaterThanOrEqual(Number(q.Low));
    expect(q.Change).toMatch(/^-?\d+\.\d{2}$/);
    expect(Number(q.Volume)).toBeGreaterThan(0);
  });

  it('trade_list follows live ticks', async () => {
    feed.push({ code: 'ETHUSDT', price: '4444.44' });
    const res = await call<Sym[]>(t.app, { method: 'GET', url: endpoints.market.tradeList.path });
    expect(res.body.data.find((s) => s.Code === 'ETHUSDT')!.ForexQuotations.Close).toBe('4444.44');
  });

  it('getCategories names categories in the lang header language', async () => {
    const en = await call<{ Id: number; NameShowTrans: string }[]>(t.app, { method: 'GET', url: endpoints.market.categories.path, headers: { lang: 'en' } });
    expect(en.body.data.map((c) => c.NameShowTrans)).toEqual(['Forex', 'Metals', 'Crypto', 'Indices', 'Commodities']);
    const hk = await call<{ NameShowTrans: string }[]>(t.app, { method: 'GET', url: endpoints.market.categories.path });
    expect(hk.body.data[0]!.NameShowTrans).toBe('外匯');
    for (const lang of LANGS) {
      const r = await call<{ NameShowTrans: string }[]>(t.app, { method: 'GET', url: endpoints.market.categories.path, headers: { lang } });
      expect(r.body.data.every((c) => c.NameShowTrans.length > 0)).toBe(true);
    }
  });

  it('kline: up to 500 bars oldest first for each period; refuses unknown forex_id and bad period', async () => {
    const btc = ids.get('BTCUSDT')!;
    for (const period of [1, 5, 15, 30, 60, 1440]) {
      const res = await call<{ Time: number; Open: string; Close: string; Volume: string }[]>(t.app, { method: 'GET', url: `${endpoints.market.kline.path}?forex_id=${btc}&period=${period}` });
      expect(res.body.code).toBe(1);
      const bars = res.body.data;
      expect(bars.length).toBeGreaterThanOrEqual(300);
      expect(bars.length).toBeLessThanOrEqual(500);
      expect(bars[1]!.Time - bars[0]!.Time).toBeGreaterThanOrEqual(period * 60);
      expect(bars[0]!.Open).toMatch(/^\d+\.\d{2}$/);
      for (let i = 1; i < bars.length; i++) expect(bars[i]!.Time).toBeGreaterThan(bars[i - 1]!.Time);
    }
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.market.kline.path}?forex_id=999999&period=5` }), 'not_found');
    for (const bad of ['period=7', 'period=abc', '']) {
      const res = await call(t.app, { method: 'GET', url: `${endpoints.market.kline.path}?forex_id=${btc}&${bad}`, headers: { lang: 'en' } });
      expectRefused(res, 'bad_request');
      expect(res.body.msg).toBe('Invalid value for period');
    }
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.market.kline.path}?forex_id=x&period=5` }), 'bad_request');
  });

  it('abbreviated_cache_kline: the last 60 closes of the 15-minute candles, for all or one symbol', async () => {
    const all = await call<{ Id: number; Code: string; Period: string; Kline: { Time: number; Close: string }[] }[]>(t.app, { method: 'GET', url: endpoints.market.abbreviatedKline.path });
    expect(all.body.code).toBe(1);
    const btc = all.body.data.find((r) => r.Code === 'BTCUSDT')!;
    expect(btc.Period).toBe('15min'); // the push's name for the period (decisions.md Kline periods)
    expect(btc.Kline).toHaveLength(60);
    expect(btc.Kline[1]!.Time).toBeGreaterThan(btc.Kline[0]!.Time);
    const one = await call<{ Code: string }[]>(t.app, { method: 'GET', url: `${endpoints.market.abbreviatedKline.path}?forex_id=${ids.get('EURUSD')}` });
    expect(one.body.data.map((r) => r.Code)).toEqual(['EURUSD']);
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.market.abbreviatedKline.path}?forex_id=999999` }), 'not_found');
  });

  it('currency search matches Code and ShowCode case-insensitively', async () => {
    const res = await call<{ Id: number; ShowCode: string; ForexQuotations: { Close: string } }[]>(t.app, { method: 'GET', url: `${endpoints.market.searchCurrency.path}?searchCurrency=eur/u` });
    expect(res.body.data.map((r) => r.ShowCode)).toEqual(['EUR/USD']);
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(['ForexQuotations', 'Id', 'ShowCode']);
    expect(Object.keys(res.body.data[0]!.ForexQuotations)).toEqual(['Close']);
    const usdt = await call<{ ShowCode: string }[]>(t.app, { method: 'GET', url: `${endpoints.market.searchCurrency.path}?searchCurrency=usdt` });
    expect(usdt.body.data.length).toBeGreaterThanOrEqual(6);
    const none = await call<unknown[]>(t.app, { method: 'GET', url: `${endpoints.market.searchCurrency.path}?searchCurrency=zzzz` });
    expect(none.body).toMatchObject({ code: 1, data: [] });
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.market.searchCurrency.path}?searchCurrency=${'x'.repeat(40)}` }), 'bad_request');
  });

  it('company search by name', async () => {
    const res = await call<Record<string, unknown>[]>(t.app, { method: 'GET', url: `${endpoints.market.searchCompany.path}?name=northgate` });
    expect(res.body.data).toHaveLength(1);
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(['email', 'id', 'location', 'logo', 'name', 'registered_address', 'subject', 'url']);
    const wild = await call<unknown[]>(t.app, { method: 'GET', url: `${endpoints.market.searchCompany.path}?name=%25` });
    expect(wild.body.data).toEqual([]);
  });

  it('serves the logos as WebP (what the symbols point at) and their SVG sources', async () => {
    const webp = await t.app.inject({ method: 'GET', url: endpointPath(endpoints.market.logo, { file: 'BTCUSDT.webp' }) });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.toString('latin1', 8, 12)).toBe('WEBP');
    const res = await t.app.inject({ method: 'GET', url: endpointPath(endpoints.market.logo, { file: 'BTCUSDT.svg' }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    const list = await call<Sym[]>(t.app, { method: 'GET', url: endpoints.market.tradeList.path });
    for (const s of list.body.data) expect((await t.app.inject({ method: 'GET', url: s.Logo })).statusCode, s.Logo).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: endpointPath(endpoints.market.logo, { file: '../package.json' }) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: endpointPath(endpoints.market.logo, { file: 'NOPE.svg' }) })).statusCode).toBe(404);
  });
});
