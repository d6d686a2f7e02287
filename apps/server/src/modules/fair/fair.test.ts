import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { GENESIS_HASH, merkleRoot, minuteRoot, rootLookup, settleMicro, tickHash, verifyReceipt, verifySumPath, liabilityLeaf, type FairReceipt } from '@tp/domain';
import { endpoints, type FairLiabilityProof, type FairRoot, type ForexOrder, type MicroOrder, type Paged } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused } from '../../test/http-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { microModule } from '../micro/index.js';
import { silentEngineLog } from '../../engine/engine-log.js';
import { Scheduler } from '../../engine/scheduler.js';
import { publishRootsJob, publishLiabilitiesJob, publishTickBlocks } from './index.js';
import { publishLiabilities } from './liabilities.js';
import { statementLines } from './statement.js';

const REPO = resolve(import.meta.dirname, '../../../../..');
let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
const clock = { shift: 0 };
let btc: number;

const auth = (token: string) => ({ authorization: token, lang: 'en' });

async function start(): Promise<void> {
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['BTCUSDT'],
    engine: { now: () => Date.now() + clock.shift, consumers: microModule.tickConsumers },
  }));
}

beforeAll(async () => {
  t = await createTestApp();
  btc = (await t.db.selectFrom('trade_symbols').select('id').where('code', '=', 'BTCUSDT').executeTakeFirstOrThrow()).id;
  await start();
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

async function tick(price: string, atMs = Date.now() + clock.shift): Promise<void> {
  feed.push({ code: 'BTCUSDT', price, atMs });
  await engine.flush();
}

async function storedChain() {
  return t.db.selectFrom('ticks').select(['seq', 'price', 'at', 'hash']).where('symbol_id', '=', btc).where('hash', 'is not', null).orderBy('seq').execute();
}

/** Publishes every minute that is complete by the engine's clock plus `aheadMs`. */
async function publish(aheadMs = 0) {
  return t.db.transaction().execute((trx) => publishTickBlocks(trx, Date.now() + clock.shift + aheadMs));
}

async function allRoots(): Promise<FairRoot[]> {
  const res = await call<Paged<FairRoot>>(t.app, { method: 'GET', url: `${endpoints.fair.roots.path}?symbol=BTCUSDT` });
  expect(res.body.code).toBe(1);
  return res.body.data.data;
}

async function receipt(token: string, kind: 'option' | 'contract', id: number) {
  return call<FairReceipt>(t.app, { method: 'GET', url: `${endpoints.fair.receipt.path}?kind=${kind}&id=${id}`, headers: auth(token) });
}

// Receipts first: an option expires by the server's own clock, which the engine's clock must not yet run ahead of.
describe('receipts', () => {
  let token: string;
  let optionId: number;
  let contractId: number;

  beforeAll(async () => {
    token = (await demoLogin(t.app, `fair-${Date.now()}`)).token;
    await tick('112100');
    const opened = await call<MicroOrder>(t.app, { method: 'POST', url: endpoints.micro.submit.path, headers: auth(token), payload: { forex_id: btc, type: 1, number: '100', seconds: 30 } });
    expect(opened.body.code).toBe(1);
    optionId = opened.body.data.Id;
    const bought = await call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: { type: 2, cont: '0.01', forex_id: btc, status: 1, multiple: 20 } });
    expect(bought.body.code).toBe(1);
    contractId = bought.body.data.Id;
    // The exit: first stored tick at or after expiry.
    clock.shift += 31_000;
    await tick('112150.5');
    const closed = await call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(token), payload: { id: contractId } });
    expect(closed.body).toMatchObject({ code: 1 });
    clock.shift += 61_000;
    await tick('112160');
    await publish(2 * 60_000);
  });

  it('an option settlement proves itself against the published roots and reproduces its money from the rule', async () => {
    const res = await receipt(token, 'option', optionId);
    expect(res.body.code).toBe(1);
    const r = res.body.data;
    const result = verifyReceipt(r, rootLookup(await allRoots()));
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    if (r.kind !== 'option') throw new Error('an option receipt');
    const settled = settleMicro({ type: 1, amount: r.terms.amount, profitRatio: r.terms.profitRatio, entry: r.entry.price, exit: r.exit!.price, lossLevel: r.terms.lossLevel });
    const stored = await t.db.selectFrom('micro_orders').select('fact_profits').where('id', '=', String(optionId)).executeTakeFirstOrThrow();
    expect(Number(settled.factProfits)).toBe(Number(stored.fact_profits));
    expect(Number(stored.fact_profits)).toBeGreaterThan(0);
  });

  it('a contract fill and close prove themselves', async () => {
    const r = (await receipt(token, 'contract', contractId)).body.data;
    expect(verifyReceipt(r, rootLookup(await allRoots())).checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('a statement lists every posting with each account\'s running balance, as CSV and PDF', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    const csv = await call<{ base64: string; lines: number; contentType: string }>(t.app, { method: 'GET', url: `${endpoints.fair.statement.path}?from=${today}&to=${tomorrow}&format=csv`, headers: auth(token) });
    expect(csv.body.code).toBe(1);
    const rows = Buffer.from(csv.body.data.base64, 'base64').toString('utf8').trim().split('\r\n').map((l) => l.split(','));
    // The times are UTC and the document says so (decisions.md): the column names the zone, each time carries its "Z".
    expect(rows[0]).toEqual(['at (UTC)', 'account', 'kind', 'reference', 'bucket', 'amount', 'balance']);
    expect(rows.length - 1).toBe(csv.body.data.lines);
    for (const r of rows.slice(1)) expect(r[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows.map((r) => r[2])).toEqual(expect.arrayContaining(['micro_stake', 'micro_settlement']));
    // The last running balance of each account is what the ledger holds for it now.
    const user = await t.db.selectFrom('sessions').select('user_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const accounts = await t.db.selectFrom('ledger_accounts').select(['account_type', sql<string>`(balance + lock_balance)::numeric(36, 2)::text`.as('total')]).where('user_id', '=', user.user_id).execute();
    const names: Record<number, string> = { 1: 'wallet', 2: 'options', 3: 'contracts' };
    for (const a of accounts) {
      const last = rows.filter((r) => r[1] === names[a.account_type!]).at(-1);
      if (last) expect(last[6]).toBe(a.total);
    }
    const pdf = await call<{ base64: string }>(t.app, { method: 'GET', url: `${endpoints.fair.statement.path}?from=${today}&to=${today}&format=pdf`, headers: auth(token) });
    expect(Buffer.from(pdf.body.data.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expectRefused(await call(t.app, { method: 'GET', url: `${endpoints.fair.statement.path}?from=${tomorrow}&to=${today}&format=csv`, headers: auth(token) }), 'bad_request');
    // A range with more postings than one statement holds is refused whole, never cut short.
    expect(await statementLines(t.db, user.user_id, today, tomorrow, csv.body.data.lines)).not.toBe('too_long');
    expect(await statementLines(t.db, user.user_id, today, tomorrow, csv.body.data.lines - 1)).toBe('too_long');
  });

  it('another user asking for the receipt is answered as if the order did not exist', async () => {
    const other = (await demoLogin(t.app, `fair-other-${Date.now()}`)).token;
    expectRefused(await receipt(other, 'option', optionId), 'not_found');
    expectRefused(await receipt(other, 'contract', contractId), 'not_found');
  });

  it('tampering with a stored tick, price or settlement is detected by the verifier', async () => {
    const roots = rootLookup(await allRoots());
    const r = (await receipt(token, 'option', optionId)).body.data;
    if (r.kind !== 'option') throw new Error('an option receipt');
    // A stored exit price nudged in the database: the receipt now built from it fails.
    await t.db.updateTable('ticks').set({ price: '112999' }).where('symbol_id', '=', btc).where('seq', '=', String(r.exit!.seq)).execute();
    await t.db.updateTable('micro_orders').set({ end_price: '112999' }).where('id', '=', String(optionId)).execute();
    expect(verifyReceipt((await receipt(token, 'option', optionId)).body.data, roots).ok).toBe(false);
    // A settled amount changed.
    await t.db.updateTable('ticks').set({ price: r.exit!.price }).where('symbol_id', '=', btc).where('seq', '=', String(r.exit!.seq)).execute();
    await t.db.updateTable('micro_orders').set({ end_price: r.exit!.price, fact_profits: '95.00' }).where('id', '=', String(optionId)).execute();
    expect(verifyReceipt((await receipt(token, 'option', optionId)).body.data, roots).ok).toBe(false);
    await t.db.updateTable('micro_orders').set({ fact_profits: r.result.factProfits }).where('id', '=', String(optionId)).execute();
    expect(verifyReceipt((await receipt(token, 'option', optionId)).body.data, roots).ok).toBe(true);
    // A stored tick's time moved.
    await t.db.updateTable('ticks').set({ at: new Date(r.entry.atMs + 1) }).where('symbol_id', '=', btc).where('seq', '=', String(r.entry.seq)).execute();
    expect(verifyReceipt((await receipt(token, 'option', optionId)).body.data, roots).ok).toBe(false);
    await t.db.updateTable('ticks').set({ at: new Date(r.entry.atMs) }).where('symbol_id', '=', btc).where('seq', '=', String(r.entry.seq)).execute();
  });

  it('is kept once its ticks are published, and still answers after the ticks are pruned', async () => {
    await t.db.transaction().execute((trx) => publishRootsJob.run({ trx, db: t.db, bus: t.app.bus, log: silentEngineLog, periodStartMs: 0, periodEndMs: 15_000, now: () => Date.now() + clock.shift }));
    const kept = await t.db.selectFrom('fair_receipts').select(['kind', 'order_id']).orderBy('kind').execute();
    expect(kept.map((k) => `${k.kind}:${k.order_id}`)).toEqual([`contract:${contractId}`, `option:${optionId}`]);
    // Retention prunes every tick but the newest.
    await sql`DELETE FROM ticks WHERE symbol_id = ${btc} AND seq < (SELECT max(seq) FROM ticks WHERE symbol_id = ${btc})`.execute(t.db);
    const r = (await receipt(token, 'option', optionId)).body.data;
    expect(verifyReceipt(r, rootLookup(await allRoots())).ok).toBe(true);
  });

  it('the command-line verifier proves a saved receipt from a saved roots file, and fails a tampered one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fair-'));
    const answer = (await receipt(token, 'contract', contractId)).body;
    await writeFile(join(dir, 'receipt.json'), JSON.stringify(answer));
    await writeFile(join(dir, 'roots.json'), JSON.stringify((await call(t.app, { method: 'GET', url: `${endpoints.fair.roots.path}?symbol=BTCUSDT` })).body));
    const run = (file: string) => spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/verify-receipt.ts', join(dir, file), join(dir, 'roots.json')], { cwd: REPO, encoding: 'utf8', env: { PATH: process.env.PATH } });
    const ok = run('receipt.json');
    expect(ok.stdout).toContain('the receipt is proven');
    expect(ok.status).toBe(0);
    const tampered = structuredClone(answer);
    if (tampered.data.kind === 'contract') tampered.data.result.factProfits = '1000.000000';
    await writeFile(join(dir, 'tampered.json'), JSON.stringify(tampered));
    const bad = run('tampered.json');
    expect(bad.stdout).toContain('FAIL rule.money');
    expect(bad.status).toBe(1);
    await rm(dir, { recursive: true });
  }, 30_000);
});

describe('tick hash chain', () => {
  it('links every stored tick to the one before, across engine restarts, and the engine hashes as the domain does', async () => {
    const head = (await storedChain()).at(-1);
    for (const p of ['112000.10', '112001.00', '111999.5']) await tick(p);
    await engine.stop();
    await start();
    await tick('112003.25');
    await engine.stop();
    await start();
    // A feed's fractional time (the simulator's) is hashed as it is stored: in whole milliseconds.
    await tick('112004', Date.now() + clock.shift + 0.625);
    const rows = (await storedChain()).filter((r) => !head || Number(r.seq) > Number(head.seq));
    expect(rows.length).toBe(5);
    let prev = head ? head.hash!.toString('hex') : GENESIS_HASH;
    for (const r of rows) {
      expect(r.hash!.toString('hex')).toBe(tickHash(prev, 'BTCUSDT', Number(r.seq), r.price, r.at.getTime()));
      prev = r.hash!.toString('hex');
    }
  });

  it('publishes one chained root per complete minute, covering every hashed tick once', async () => {
    // Ticks of the next two minutes close the earlier ones.
    clock.shift += 61_000;
    await tick('112010');
    clock.shift += 61_000;
    await tick('112020');
    await publish();
    const roots = await allRoots();
    const chain = await storedChain();
    expect(roots.length).toBeGreaterThanOrEqual(4);
    let prevRoot = GENESIS_HASH;
    let nextSeq = roots[0]!.firstSeq;
    for (const r of roots) {
      expect(r.firstSeq).toBe(nextSeq);
      expect(r.prevRoot).toBe(prevRoot);
      // Blocks whose ticks an earlier test pruned are checked by their links only.
      if (r.lastSeq < Number(chain[0]!.seq)) {
        prevRoot = r.root;
        nextSeq = r.lastSeq + 1;
        continue;
      }
      const leaves = chain.filter((c) => Number(c.seq) >= r.firstSeq && Number(c.seq) <= r.lastSeq).map((c) => c.hash!.toString('hex'));
      expect(leaves.length).toBe(r.tickCount);
      expect(r.root).toBe(minuteRoot({ symbol: 'BTCUSDT', minuteMs: r.minuteMs, firstSeq: r.firstSeq, lastSeq: r.lastSeq, merkleRoot: merkleRoot(leaves), prevRoot }));
      prevRoot = r.root;
      nextSeq = r.lastSeq + 1;
    }
    // The newest minute is still open; publishing again adds nothing.
    expect(await publish()).toEqual([]);
    // After its grace the quiet minute is published too.
    expect((await publish(2 * 60_000)).length).toBe(1);
  });

  it('runs on the scheduler once per period', async () => {
    const scheduler = new Scheduler({ db: t.db, bus: t.app.bus, log: silentEngineLog, now: () => Date.now() + clock.shift, jobs: [publishRootsJob], checkEveryMs: 0 });
    await scheduler.runDue();
    await scheduler.runDue();
    const runs = await t.db.selectFrom('scheduled_runs').select(sql<string>`count(*)`.as('n')).where('job', '=', publishRootsJob.name).executeTakeFirstOrThrow();
    expect(Number(runs.n)).toBe(1);
  });
});

describe('proof of liabilities', () => {
  it('sums to the ledger\'s total owed to real users, proves each user, and is published once per day', async () => {
    // A real user with money in the ledger (the seeded demo accounts owe nothing).
    const day = '2026-11-24';
    const root = await t.db.transaction().execute((trx) => publishLiabilities(trx, day));
    expect(root).toBeDefined();
    const total = await sql<{ total: string }>`
      SELECT coalesce(sum(a.balance + a.lock_balance), 0)::numeric(36, 2)::text AS total
      FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE NOT u.is_demo
    `.execute(t.db);
    expect(root!.total).toBe(total.rows[0]!.total);
    expect(await t.db.transaction().execute((trx) => publishLiabilities(trx, day))).toBeUndefined();
    const leaves = await t.db.selectFrom('fair_liability_leaves').select(['user_id', 'balance', 'nonce', 'path']).execute();
    expect(leaves.length).toBe(root!.users);
    for (const l of leaves) {
      expect(verifySumPath(liabilityLeaf(day, l.user_id, l.nonce, l.balance), l.path as never, { hash: root!.root, sum: root!.total })).toBe(true);
    }
    const scheduler = new Scheduler({ db: t.db, bus: t.app.bus, log: silentEngineLog, now: () => Date.now(), jobs: [publishLiabilitiesJob], checkEveryMs: 0 });
    await scheduler.runDue();
    await scheduler.runDue();
    const published = await t.db.selectFrom('fair_liability_roots').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(published.n)).toBeLessThanOrEqual(2);
  });

  it('answers a user their proof, null for a demo account', async () => {
    const demo = (await demoLogin(t.app, `fair-liab-${Date.now()}`)).token;
    const res = await call<FairLiabilityProof>(t.app, { method: 'GET', url: endpoints.fair.liabilityProof.path, headers: auth(demo) });
    expect(res.body).toMatchObject({ code: 1, data: null });
    const list = await call<Paged<unknown>>(t.app, { method: 'GET', url: endpoints.fair.liabilities.path });
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);
  });
});
