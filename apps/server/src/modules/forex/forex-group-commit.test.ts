import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/domain';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, type Answer } from '../../test/http-helpers.js';
import { MARKET_OPEN_MS, contractBalance, storeTick, symbolId } from '../../test/forex-helpers.js';
import { verifyLedger } from '../ledger/index.js';
import { orderCommitter } from './forex.repository.js';
import { groupTransactions } from '../../db/group-transaction.js';

/*
 * Order submits that arrive while a write is in flight are written together (group commit): these
 * tests send them concurrently, so they meet in batches, and check every answer against the books.
 */

let t: TestApp;
let btc: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => MARKET_OPEN_MS });
  btc = await symbolId(t.db, 'BTCUSDT');
  await storeTick(t.db, 'BTCUSDT', '100000.00');
});
afterAll(async () => {
  await t.close();
});

const auth = (token: string, extra: Record<string, string> = {}) => ({ authorization: token, lang: 'en', ...extra });
function submit(token: string, payload: Record<string, unknown>, key?: string): Promise<Answer<ForexOrder>> {
  return call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token, key ? { 'idempotency-key': key } : {}), payload });
}
/** 0.01 BTC x100: margin 10.0015, fee 0.02. */
const small = { type: 1, cont: '0.01', forex_id: 0, status: 1, multiple: 100 };
/** 1 BTC x10: margin 10001.5, more than a demo account's 10000. */
const tooBig = { type: 1, cont: '1', forex_id: 0, status: 1, multiple: 10 };

async function ordersOf(userId: number) {
  return t.db.selectFrom('forex_orders').select(['id', 'caution_money', 'trade_fee']).where('user_id', '=', userId).orderBy('id').execute();
}
async function postedFor(orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return t.db
    .selectFrom('ledger_transactions')
    .select('reference')
    .where('reference', 'in', orderIds.map((id) => `forex_order:${id}`))
    .execute();
}

/**
 * Keeps a write in flight while `send` sends its submits, so they all queue for the next batches:
 * a blocker's submit waits on its account, locked by a transaction that ends once `queued` submits
 * wait. Answers the blocker's answer and send's.
 */
async function whileWriteInFlight<T>(queued: number, send: () => Promise<T>): Promise<[Answer<ForexOrder>, T]> {
  const blocker = await demoLogin(t.app, `gc-blocker-${Math.random().toString(36).slice(2)}`);
  const committer = orderCommitter(t.db);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = t.db.transaction().execute(async (trx) => {
    await trx.selectFrom('ledger_accounts').select('id').where('user_id', '=', blocker.user.id).where('account_type', '=', 3).forUpdate().execute();
    locked();
    await released;
  });
  await isLocked;
  const blocked = submit(blocker.token, { ...small, forex_id: btc });
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 20_000;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  };
  await until(() => committer.writing);
  const sent = send();
  await until(() => committer.waiting >= queued);
  const waiting = committer.waiting;
  release();
  await holder;
  expect(waiting).toBe(queued);
  return [await blocked, await sent];
}

describe('group commit of forex order submits', () => {
  it('writes concurrent submits in batches; a refused one (funds) fails none of its neighbours', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => demoLogin(t.app, `gc-mixed-${i}`)));
    const before = { ...orderCommitter(t.db).stats };
    // Every third user asks for more margin than the account holds; the others for a small order.
    const [blocker, answers] = await whileWriteInFlight(24, () =>
      Promise.all(
        users.flatMap((u, i) => [submit(u.token, { ...(i % 3 === 0 ? tooBig : small), forex_id: btc }, `k-${i}-a`), submit(u.token, { ...small, forex_id: btc }, `k-${i}-b`)]),
      ),
    );
    expect(blocker.body).toMatchObject({ code: 1 });
    const after = orderCommitter(t.db).stats;
    expect(after.actions - before.actions).toBe(answers.length + 1);
    // The 24 waiting submits went in two batches (each account once per batch), none fell back.
    expect(after.batches - before.batches).toBe(3);
    expect(after.fallbacks - before.fallbacks).toBe(0);
    expect(after.largest).toBe(12);
    for (const [i, u] of users.entries()) {
      const [first, second] = [answers[2 * i]!, answers[2 * i + 1]!];
      if (i % 3 === 0) expect(first.body).toMatchObject({ code: 0, msg: 'Insufficient balance in the contract account' });
      else expect(first.body).toMatchObject({ code: 1 });
      expect(second.body).toMatchObject({ code: 1 });
      const accepted = [first, second].filter((a) => a.body.code === 1).map((a) => a.body.data.Id);
      // Every acknowledged order is in the books exactly once, and nothing else is.
      const orders = await ordersOf(u.user.id);
      expect(orders.map((o) => o.id)).toEqual([...accepted].sort((a, b) => a - b));
      expect((await postedFor(accepted)).length).toBe(accepted.length);
      const spent = orders.reduce((n, o) => n.plus(o.caution_money).plus(o.trade_fee), new Decimal(0));
      const held = orders.reduce((n, o) => n.plus(o.caution_money), new Decimal(0));
      const balance = await contractBalance(t.db, u.user.id);
      expect(new Decimal(balance.balance).toFixed(6)).toBe(new Decimal(10000).minus(spent).toFixed(6));
      expect(new Decimal(balance.lock_balance).toFixed(6)).toBe(held.toFixed(6));
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('lets one account spend its balance once when its submits arrive together (they go in separate batches)', async () => {
    const { token, user } = await demoLogin(t.app, 'gc-same-account');
    // 4000 lots-worth each: 0.4 BTC x10 = margin 4000.6, fee 8; two fit in 10000, the third does not.
    const order = { type: 1, cont: '0.4', forex_id: btc, status: 1, multiple: 10 };
    const others = await Promise.all(Array.from({ length: 4 }, (_, i) => demoLogin(t.app, `gc-same-other-${i}`)));
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => submit(token, order, `same-${i}`)),
      ...others.map((o, i) => submit(o.token, { ...small, forex_id: btc }, `same-other-${i}`)),
    ]);
    const mine = answers.slice(0, 4);
    expect(mine.filter((a) => a.body.code === 1)).toHaveLength(2);
    expect(mine.filter((a) => a.body.code === 0 && a.body.msg === 'Insufficient balance in the contract account')).toHaveLength(2);
    expect(answers.slice(4).every((a) => a.body.code === 1)).toBe(true);
    expect((await ordersOf(user.id)).map((o) => o.id)).toEqual(mine.filter((a) => a.body.code === 1).map((a) => a.body.data.Id).sort((a, b) => a - b));
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('acts once for an Idempotency-Key sent several times at once, and answers every copy with the same order', async () => {
    const { token, user } = await demoLogin(t.app, 'gc-dup-key');
    const others = await Promise.all(Array.from({ length: 5 }, (_, i) => demoLogin(t.app, `gc-dup-other-${i}`)));
    const [, answers] = await whileWriteInFlight(8, () =>
      Promise.all([
        submit(token, { ...small, forex_id: btc }, 'dup-key'),
        ...others.map((o, i) => submit(o.token, { ...small, forex_id: btc }, `dup-other-${i}`)),
        submit(token, { ...small, forex_id: btc }, 'dup-key'),
        submit(token, { ...small, forex_id: btc }, 'dup-key'),
      ]),
    );
    const copies = [answers[0]!, answers[6]!, answers[7]!];
    for (const a of copies) expect(a.body).toMatchObject({ code: 1 });
    expect(new Set(copies.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect((await ordersOf(user.id)).map((o) => o.id)).toEqual([copies[0]!.body.data.Id]);
    for (const a of answers.slice(1, 6)) expect(a.body).toMatchObject({ code: 1 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('falls back to one submit at a time when a batch fails (a replayed key in it), losing and doubling nothing', async () => {
    const { token, user } = await demoLogin(t.app, 'gc-fallback');
    const first = await submit(token, { ...small, forex_id: btc }, 'fb-key');
    expect(first.body).toMatchObject({ code: 1 });
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => demoLogin(t.app, `gc-fb-other-${i}`)));
    const before = { ...orderCommitter(t.db).stats };
    // The replay's key is already taken: the batch that carries it fails whole on the unique key.
    const [, answers] = await whileWriteInFlight(7, () =>
      Promise.all([
        ...others.slice(0, 3).map((o, i) => submit(o.token, { ...small, forex_id: btc }, `fb-other-${i}`)),
        submit(token, { ...small, forex_id: btc }, 'fb-key'),
        ...others.slice(3).map((o, i) => submit(o.token, { ...small, forex_id: btc }, `fb-other-${i + 3}`)),
      ]),
    );
    expect(orderCommitter(t.db).stats.fallbacks).toBeGreaterThan(before.fallbacks);
    expect(answers[3]!.body).toEqual(first.body);
    for (const a of [...answers.slice(0, 3), ...answers.slice(4)]) expect(a.body).toMatchObject({ code: 1 });
    expect((await ordersOf(user.id)).map((o) => o.id)).toEqual([first.body.data.Id]);
    for (const [i, o] of others.entries()) expect((await ordersOf(o.user.id)).map((r) => r.id)).toEqual([answers[i < 3 ? i : i + 1]!.body.data.Id]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses a reused key with another body while the first is in a batch', async () => {
    const { token, user } = await demoLogin(t.app, 'gc-conflict');
    const others = await Promise.all(Array.from({ length: 3 }, (_, i) => demoLogin(t.app, `gc-conflict-other-${i}`)));
    const answers = await Promise.all([
      submit(token, { ...small, forex_id: btc }, 'conflict-key'),
      ...others.map((o, i) => submit(o.token, { ...small, forex_id: btc }, `conflict-other-${i}`)),
      submit(token, { ...small, cont: '0.02', forex_id: btc }, 'conflict-key'),
    ]);
    // Whichever arrived first acted; the other is refused, and nothing else was written.
    const mine = [answers[0]!, answers[4]!];
    const acted = mine.filter((a) => a.body.code === 1);
    expect(acted).toHaveLength(1);
    expect(mine.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect((await ordersOf(user.id)).map((o) => o.id)).toEqual([acted[0]!.body.data.Id]);
    for (const a of answers.slice(1, 4)) expect(a.body).toMatchObject({ code: 1 });
  });

  it('takes concurrent closes through the grouped transactions: a second close of the same order is refused alone, every close settles once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => demoLogin(t.app, `gc-close-${i}`)));
    const opened = await Promise.all(users.map((u, i) => submit(u.token, { ...small, forex_id: btc }, `close-open-${i}`)));
    for (const o of opened) expect(o.body).toMatchObject({ code: 1 });
    const close = (token: string, id: number, key: string) =>
      call<ForexOrder>(t.app, { method: 'POST', url: endpoints.forex.close.path, headers: auth(token, { 'idempotency-key': key }), payload: { id } });
    const before = { ...groupTransactions(t.db).stats };
    const answers = await Promise.all([
      ...users.map((u, i) => close(u.token, opened[i]!.body.data.Id, `close-${i}`)),
      // The first user's order closed twice under two keys: one closes it, the other is refused.
      close(users[0]!.token, opened[0]!.body.data.Id, 'close-again'),
    ]);
    const after = groupTransactions(t.db).stats;
    expect(after.actions - before.actions).toBe(7);
    const first = [answers[0]!, answers[6]!];
    expect(first.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(first.filter((a) => a.body.code === 0)).toHaveLength(1);
    for (const a of answers.slice(1, 6)) expect(a.body).toMatchObject({ code: 1, data: { Status: 3 } });
    // One closing post per order, whichever batch it was in.
    const closes = await t.db
      .selectFrom('ledger_transactions')
      .select(['reference'])
      .where('kind', 'like', 'forex_close%')
      .where('reference', 'in', opened.map((o) => `forex_order:${o.body.data.Id}`))
      .execute();
    expect(closes.map((c) => c.reference).sort()).toEqual(opened.map((o) => `forex_order:${o.body.data.Id}`).sort());
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
