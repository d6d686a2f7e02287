import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ForexOrder, type MicroOrder } from '@tp/contracts';
import { buildApp } from './app.js';
import { REPO_ROOT } from './config.js';
import { createMicroSettler } from './modules/micro/micro-settler.js';
import { BUSINESS_CACHE_MS } from './modules/dashboard/business-metrics.js';
import type { MarketEngine } from './engine/market-engine.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { call, demoLogin, expectRefused, registerUser } from './test/http-helpers.js';
import { startManualEngine, type ManualFeed } from './test/market-helpers.js';
import { adminToken, fund, uploadUrlOf } from './test/wallet-helpers.js';
import { wsConnect, wsUrlOf } from './test/ws-client.js';

const TOKEN = 'metrics-token-for-tests';
let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
/** How far ahead of the wall clock the engine runs, to take the ticks after an option's expiry. */
const clock = { shift: 0 };

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT'],
    engine: { now: () => Date.now() + clock.shift, consumers: [(deps) => createMicroSettler(deps)] },
  }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

/** One scrape, as Prometheus reads it: `name{labels}` -> value, and the names of every family. */
async function scrape(app = t.app): Promise<{ values: Map<string, number>; families: Set<string> }> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

function parseExposition(text: string): { values: Map<string, number>; families: Set<string> } {
  const values = new Map<string, number>();
  const families = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) families.add(type[1]!);
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return { values, families };
}

/** Sum of the samples of `name` whose labels include every `labels` pair. */
function sample(s: { values: Map<string, number> }, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [key, value] of s.values) {
    const brace = key.indexOf('{');
    if ((brace < 0 ? key : key.slice(0, brace)) !== name) continue;
    if (Object.entries(labels).every(([k, v]) => key.includes(`${k}="${v}"`))) sum += value;
  }
  return sum;
}

async function tick(price: string, offsetMs = 0): Promise<void> {
  feed.push({ code: 'BTCUSDT', price, atMs: Date.now() + offsetMs });
  await engine.flush();
}

describe('GET /metrics', () => {
  it('moves every family by what a short workload did', async () => {
    const before = await scrape();
    const beforeAt = Date.now();
    const btc = (await t.db.selectFrom('trade_symbols').select('id').where('code', '=', 'BTCUSDT').executeTakeFirstOrThrow()).id;
    await tick('100000.00');
    await tick('100010.00');

    // A registered user whose deposit an admin approves, and a second deposit left waiting.
    const user = await registerUser(t.app, t.dataDir);
    const admin = await adminToken(t.app);
    await fund(t.app, user.token, admin, '500');
    const proofImg = await uploadUrlOf(t.app, user.token);
    const waiting = await call(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: { authorization: user.token }, payload: { number: '70', proofImg, charge_id: 1 } });
    expect(waiting.body.code).toBe(1);

    // A forex order opened and closed (the close retried under its key: one replay), one refused.
    const { token } = await demoLogin(t.app, `metrics-${Date.now()}`);
    const headers = { authorization: token };
    const order = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers, payload: { type: 1, cont: '0.1', forex_id: btc, status: 1, multiple: 10 } });
    expect(order.body.code).toBe(1);
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers, payload: { type: 1, cont: '0.1', forex_id: btc, status: 1, multiple: 7 } }), 'forex_multiple_invalid');
    const closeKey = { ...headers, 'idempotency-key': 'metrics-close-1' };
    expect((await call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: closeKey, payload: { id: order.body.data.Id } })).body.code).toBe(1);
    expect((await call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: closeKey, payload: { id: order.body.data.Id } })).body.code).toBe(1);

    // An option, settled by the engine at the first tick after its expiry.
    const option = await call<MicroOrder>(t.app, { method: 'POST', url: endpoints.micro.submit.path, headers, payload: { forex_id: btc, type: 1, number: '10', seconds: 30 } });
    expect(option.body.code).toBe(1);
    clock.shift = 32_000;
    await tick('100050.00', 31_000);

    // A websocket login.
    const ws = await wsConnect(wsUrlOf(t.app));
    ws.send({ type: 'login', params: token });
    expect(await ws.nextOf('login_result')).toMatchObject({ code: 1 });
    ws.send({ type: 'sub', params: 'DAY_MARKET' });
    await ws.nextOf('sub_result');
    await tick('100060.00', 31_000);
    await ws.nextOf('DAY_MARKET');

    // The business figures of the first scrape are kept for a second: this one reads them anew.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, BUSINESS_CACHE_MS + 50 - (Date.now() - beforeAt))));
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    ws.ws.close();

    // HTTP: by endpoint object name, refusals by their key.
    expect(moved('tp_http_requests_total', { endpoint: 'forex.submit', method: 'POST', status_class: '2xx' })).toBe(2);
    expect(moved('tp_http_requests_total', { endpoint: 'admin.approveDeposit' })).toBe(1);
    expect(moved('tp_http_request_duration_seconds_count', { endpoint: 'forex.close' })).toBe(2);
    expect(moved('tp_http_refusals_total', { endpoint: 'forex.submit', error: 'forex_multiple_invalid' })).toBe(1);
    expect(after.families).toContain('tp_http_rate_limited_total');
    // Money path: one replay, each ledger kind the workload posts, batches observed.
    expect(moved('tp_idempotent_replays_total', { scope: 'forex/close' })).toBe(1);
    expect(moved('tp_ledger_posts_total', { kind: 'deposit' })).toBe(1);
    expect(moved('tp_ledger_posts_total', { kind: 'forex_open' })).toBe(1);
    expect(moved('tp_ledger_posts_total', { kind: 'forex_close' })).toBe(1);
    expect(moved('tp_ledger_posts_total', { kind: 'micro_settlement' })).toBe(1);
    expect(moved('tp_group_commit_batch_size_count')).toBeGreaterThanOrEqual(1);
    // Database: the pool and its queries.
    expect(sample(after, 'tp_db_pool_max_connections', { pool: 'api' })).toBeGreaterThanOrEqual(20);
    expect(moved('tp_db_query_duration_seconds_count', { pool: 'api' })).toBeGreaterThan(10);
    // Engine: four ticks of the manual feed, one settlement, the feed's staleness.
    expect(moved('tp_engine_ticks_total', { feed: 'manual' })).toBe(4);
    expect(moved('tp_option_settlements_total')).toBe(1);
    expect(sample(after, 'tp_feed_staleness_seconds', { feed: 'manual' })).toBeLessThan(60);
    // Websocket: the login and the subscription of the socket still open at the scrape.
    expect(moved('tp_ws_logins_total', { kind: 'user', result: 'ok' })).toBe(1);
    expect(sample(after, 'tp_ws_sockets')).toBe(1);
    expect(sample(after, 'tp_ws_subscriptions', { topic: 'DAY_MARKET' })).toBe(1);
    expect(moved('tp_ws_pushes_total', { topic: 'DAY_MARKET' })).toBeGreaterThanOrEqual(1);
    // Business, read at the scrape: the deposit left waiting; the disk of DATA_DIR.
    expect(sample(after, 'tp_deposits_waiting')).toBe(1);
    expect(sample(after, 'tp_reviews_waiting', { queue: 'deposits' })).toBe(1);
    expect(sample(after, 'tp_deposits_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'tp_data_dir_free_bytes')).toBeGreaterThan(0);
    // Node's own process metrics.
    expect(after.families).toContain('process_cpu_seconds_total');
    expect(after.families).toContain('nodejs_eventloop_lag_p99_seconds');

    // Every metric an alert rule or a dashboard panel names is exported.
    const named = new Set<string>();
    const rules = readFileSync(path.join(REPO_ROOT, 'deploy/prometheus/alerts.yml'), 'utf8');
    for (const m of rules.matchAll(/^\s+expr: (.*)$/gm)) for (const n of metricNames(m[1]!)) named.add(n);
    const dashboard = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/grafana/tradeplatform.json'), 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
    for (const p of dashboard.panels) for (const target of p.targets ?? []) for (const n of metricNames(target.expr)) named.add(n);
    expect(named.size).toBeGreaterThan(40);
    expect([...named].filter((n) => !after.families.has(n))).toEqual([]);
  });

  it('is refused without the token, with a wrong one, and when no token is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 0, error: 'forbidden' });
    expect(wrong.body).not.toContain('tp_');
    const untokened = await buildApp({ db: t.db, config: { ...t.app.config, metricsToken: undefined }, logger: false });
    try {
      expect((await untokened.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } })).statusCode).toBe(403);
    } finally {
      await untokened.close();
    }
  });

  it('with METRICS_PORT is served on that listener only, without a token', async () => {
    const app = await buildApp({ db: t.db, config: { ...t.app.config, metricsToken: undefined, metricsPort: 0, metricsHost: '127.0.0.1' }, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
      const address = app.metricsAddress();
      expect(address).toBeDefined();
      const res = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
      expect(res.status).toBe(200);
      expect(parseExposition(await res.text()).families).toContain('tp_http_requests_total');
    } finally {
      await app.close();
    }
    expect(app.metricsAddress()).toBeUndefined();
  });
});

/** The metric families an expression reads (a histogram's _bucket/_sum/_count are its family). */
function metricNames(expr: string): string[] {
  const names = expr.replace(/\{[^}]*\}/g, '').match(/\b(tp|process|nodejs)_[a-z0-9_]+/g) ?? [];
  return names.map((n) => n.replace(/_(bucket|sum|count)$/, ''));
}

describe('deploy/prometheus/alerts.yml', () => {
  it('passes promtool check rules', () => {
    const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p));
    // CI installs Debian's prometheus package; a missing promtool fails here rather than skipping.
    expect(promtool, 'promtool is missing: apt-get install prometheus').toBeDefined();
    const out = execFileSync(promtool!, ['check', 'rules', path.join(REPO_ROOT, 'deploy/prometheus/alerts.yml')], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS: 10 rules found/);
    const rules = readFileSync(path.join(REPO_ROOT, 'deploy/prometheus/alerts.yml'), 'utf8');
    expect(rules.match(/runbook_url: docs\/operations\.md#[a-z0-9]+/g)).toHaveLength(10);
  });
});
