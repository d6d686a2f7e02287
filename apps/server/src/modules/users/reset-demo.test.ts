import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { endpoints, type ForexOrder, type MicroOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin } from '../../test/http-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import { storeTick, symbolId } from '../../test/forex-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { MODULES, holdSourcesOf } from '../../modules.js';
import { verifyHolds } from '../ledger/index.js';
import { payDueIncomes } from '../funds/index.js';
import { microModule } from '../micro/index.js';

/*
 * The demo reset against what its own user does at the same moment. An attack found that a reset
 * racing its own option submits left the options account holding less than the running stakes;
 * the settler, settling every due option in one transaction, then failed for every user. Racing
 * forex submits left positions that could not be closed and an account that could never be reset
 * again, and a reset erased fund holds, which stopped the income job for everyone a week later.
 */

let t: TestApp;
let engine: MarketEngine;
let feed: ManualFeed;
const clock = { shift: 0 };
const holdSources = holdSourcesOf(MODULES);
const auth = (token: string) => ({ authorization: token, lang: 'en' });
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  ({ engine, feed } = await startManualEngine(t.db, t.app.bus, {
    symbols: ['XRPUSDT'],
    engine: {
      now: () => Date.now() + clock.shift,
      // The option settler as the modules declare it: the engine of a real start.
      consumers: [...(microModule.tickConsumers ?? [])],
    },
  }));
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

async function tick(price: string, offsetMs = 0): Promise<void> {
  feed.push({ code: 'XRPUSDT', price, atMs: Date.now() + offsetMs });
  await engine.flush();
}

const reset = (token: string) => call(t.app, { method: 'GET', url: endpoints.users.resetDemo.path, headers: auth(token) });
const optionSubmit = (token: string, forexId: number) =>
  call<MicroOrder>(t.app, { method: 'POST', url: endpoints.micro.submit.path, headers: auth(token), payload: { forex_id: forexId, type: 1, number: '100', seconds: 30 } });
const forexSubmit = (token: string, forexId: number) =>
  call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: { type: 1, cont: '0.1', forex_id: forexId, status: 1, multiple: 10 } });

async function microOrderStatuses(userId: number): Promise<number[]> {
  return (await t.db.selectFrom('micro_orders').select('status').where('user_id', '=', userId).execute()).map((r) => r.status);
}

describe('a demo reset racing its own submits', () => {
  it('options: the holds match the running stakes, and the next expiry settles every user, the racer included', async () => {
    const xrp = await symbolId(t.db, 'XRPUSDT');
    await tick('2.9100');
    const other = await demoLogin(t.app, `reset-race-other-${Date.now()}`);
    const otherOrder = (await optionSubmit(other.token, xrp)).body;
    expect(otherOrder.code).toBe(1);
    const racer = await demoLogin(t.app, `reset-race-options-${Date.now()}`);
    // One burst, as the attack sent it: one reset and 29 submits with the same token.
    const burst = await Promise.all([...Array.from({ length: 14 }, () => optionSubmit(racer.token, xrp)), reset(racer.token), ...Array.from({ length: 15 }, () => optionSubmit(racer.token, xrp))]);
    expect(burst.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await verifyHolds(t.db, holdSources)).toEqual([]);

    // Past every expiry: one batch settles the other user's option and each of the racer's still running.
    clock.shift = 32_000;
    await tick('2.9500', 31_000);
    expect(await microOrderStatuses(other.user.id)).toEqual([3]);
    expect((await microOrderStatuses(racer.user.id)).filter((s) => s === 1)).toEqual([]);
    const settled = await t.db.selectFrom('micro_orders').select(['id', 'end_price']).where('id', '=', String(otherOrder.data.Id)).executeTakeFirstOrThrow();
    expect(settled.end_price).not.toBeNull();
    expect(await verifyHolds(t.db, holdSources)).toEqual([]);
  });

  it('forex: every order left open closes, and the account can be reset again', async () => {
    const btc = await symbolId(t.db, 'BTCUSDT');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const racer = await demoLogin(t.app, `reset-race-forex-${Date.now()}`);
    const burst = await Promise.all([...Array.from({ length: 14 }, () => forexSubmit(racer.token, btc)), reset(racer.token), ...Array.from({ length: 15 }, () => forexSubmit(racer.token, btc))]);
    expect(burst.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await verifyHolds(t.db, holdSources)).toEqual([]);

    const open = await t.db.selectFrom('forex_orders').select('id').where('user_id', '=', racer.user.id).where('status', '=', 1).execute();
    for (const { id } of open.slice(0, 3)) {
      const closed = await call(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(racer.token), payload: { id } });
      expect(closed.body.code).toBe(1);
    }
    const again = await reset(racer.token);
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(1);
    const left = await t.db.selectFrom('forex_orders').select('id').where('user_id', '=', racer.user.id).where('status', 'in', [0, 1, 2]).execute();
    expect(left).toEqual([]);
    const accounts = await t.db.selectFrom('ledger_accounts').select(['balance', 'lock_balance']).where('user_id', '=', racer.user.id).execute();
    expect(accounts.map((a) => [Number(a.balance), Number(a.lock_balance)])).toEqual([
      [10000, 0],
      [10000, 0],
      [10000, 0],
    ]);
  });
});

describe('a demo reset with a fund subscription', () => {
  it('ends the subscription with its hold, and a week later every other subscription is paid and released', async () => {
    const other = await demoLogin(t.app, `reset-fund-other-${Date.now()}`);
    const racer = await demoLogin(t.app, `reset-fund-racer-${Date.now()}`);
    const buy = (token: string) => call<{ id: number }>(t.app, { method: 'POST', url: endpoints.funds.buy.path, headers: auth(token), payload: { id: 1, amount: '100' } });
    const otherSub = (await buy(other.token)).body.data.id;
    const racerSub = (await buy(racer.token)).body.data.id;
    expect((await reset(racer.token)).body.code).toBe(1);
    expect(await verifyHolds(t.db, holdSources)).toEqual([]);
    const ended = await t.db.selectFrom('fund_subscriptions').select(['status', 'next_due_at']).where('id', '=', racerSub).executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ status: 3, next_due_at: null });

    // The income job as of eight days later: the other subscription gets its seven incomes and its principal.
    await t.db.transaction().execute((trx) => payDueIncomes(trx, Date.now() + 8 * DAY_MS));
    const paid = await t.db.selectFrom('fund_subscriptions').select(['status', 'paid_days']).where('id', '=', otherSub).executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 4, paid_days: 7 });
    const racerIncomes = await t.db.selectFrom('fund_incomes').select('id').where('subscription_id', '=', racerSub).execute();
    expect(racerIncomes).toEqual([]);
    const funding = await t.db.selectFrom('ledger_accounts').select(['balance', 'lock_balance']).where('user_id', '=', racer.user.id).where('account_type', '=', 1).executeTakeFirstOrThrow();
    expect([Number(funding.balance), Number(funding.lock_balance)]).toEqual([10000, 0]);
  });
});

describe('a demo reset that deadlocks with other work', () => {
  it('is run again, not answered with a 500: it locks accounts before rows, the settler rows before accounts', async () => {
    const xrp = await symbolId(t.db, 'XRPUSDT');
    await tick('2.9600', clock.shift);
    const racer = await demoLogin(t.app, `reset-deadlock-${Date.now()}`);
    const option = (await optionSubmit(racer.token, xrp)).body;
    expect(option.code).toBe(1);
    // Another transaction (as the settler does) holds the option's row and then wants the account;
    // its deadlock check waits longer, so PostgreSQL picks the reset as the victim.
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SET LOCAL deadlock_timeout = '10s'");
      await other.query('UPDATE micro_orders SET status = status WHERE id = $1', [option.data.Id]);
      const resetting = reset(racer.token);
      await new Promise((r) => setTimeout(r, 300)); // the reset holds the accounts and waits for the row
      await other.query('SELECT id FROM ledger_accounts WHERE user_id = $1 FOR UPDATE', [racer.user.id]);
      await other.query('COMMIT');
      const answer = await resetting;
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(1);
    } finally {
      await other.end();
    }
    expect(await microOrderStatuses(racer.user.id)).toEqual([3]);
    expect(await verifyHolds(t.db, holdSources)).toEqual([]);
  }, 30_000);
});
