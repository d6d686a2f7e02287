import { describe, expect, it } from 'vitest';
import { Decimal } from '@tp/domain';
import { TriggerCore, type CoreEffect } from './trigger-core.js';
import { ReferenceModel, makeScenario, type Scenario } from './forex-simulation.js';
import { TriggerHeap } from './trigger-heap.js';

const LEVEL = '50';

function loadCore(model: ReferenceModel, scenario: Scenario): TriggerCore {
  const core = new TriggerCore(LEVEL);
  for (const [symbolId, p] of model.prices) core.setPrice(symbolId, p.text, p.seq);
  for (const userId of scenario.accounts.keys()) {
    const { account, orders } = model.userState(userId);
    core.loadUser(userId, account, orders);
  }
  return core;
}

/** Runs one seed through the engine core and the reference model; returns the effects seen. */
function runSeed(seed: number, size = { users: 4, orders: 16, ticks: 100 }): { effects: number; closes: number; stopOuts: number; absorbed: number; stops: number } {
  const scenario = makeScenario(seed, size);
  const model = new ReferenceModel(scenario.accounts, scenario.orders, LEVEL);
  const initial = model.totalMoney();
  let core = loadCore(model, scenario);
  const seqs = new Map<number, number>();
  const closed = new Set<number>();
  let effects = 0;
  let closes = 0;
  let stopOuts = 0;
  let absorbed = 0;
  let stops = 0;
  const check = (got: CoreEffect[], want: CoreEffect[], where: string) => {
    // A cheap comparison per step; the readable diff only when they differ.
    if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, `seed ${seed} ${where}`).toEqual(want);
    for (const e of got) {
      effects += 1;
      if (e.type !== 'close') continue;
      closes += 1;
      if (e.closeType === 2) stopOuts += 1;
      if (e.closeType === 3 || e.closeType === 4) stops += 1;
      if (e.absorbed !== '0') absorbed += 1;
      if (closed.has(e.orderId)) expect.fail(`seed ${seed}: order ${e.orderId} closed twice`);
      closed.add(e.orderId);
    }
  };
  // Every symbol starts with a price, as after the engine's first tick.
  for (const s of scenario.symbols) {
    seqs.set(s.id, 1);
    check(core.onTick(s.id, s.start, 1), model.onTick(s.id, s.start, 1), 'first tick');
  }
  scenario.events.forEach((event, i) => {
    switch (event.type) {
      case 'tick': {
        const seq = (seqs.get(event.symbolId) ?? 0) + 1;
        seqs.set(event.symbolId, seq);
        check(core.onTick(event.symbolId, event.price, seq), model.onTick(event.symbolId, event.price, seq), `event ${i} tick`);
        break;
      }
      case 'open': {
        // HTTP opened an order (refused when the account cannot hold its margin): the engine
        // re-reads that user from the database and re-checks them.
        if (model.accounts.get(event.order.userId)!.available.lt(event.order.margin)) break;
        model.add(event.order);
        const { account, orders } = model.userState(event.order.userId);
        core.loadUser(event.order.userId, account, orders);
        check(core.evaluateUser(event.order.userId), model.evaluateUser(event.order.userId), `event ${i} open`);
        break;
      }
      case 'userClose': {
        const o = model.orders.get(event.orderId)!;
        const done = model.userClose(event.orderId);
        if (done.length === 0) break;
        const { account, orders } = model.userState(o.userId);
        core.loadUser(o.userId, account, orders);
        for (const e of done) closed.add(e.orderId);
        check(core.evaluateUser(o.userId), model.evaluateUser(o.userId), `event ${i} user close`);
        break;
      }
      case 'restart':
        core = loadCore(model, scenario);
        break;
    }
  });
  // The core's accounts are the model's, and no money was created or lost.
  for (const userId of scenario.accounts.keys()) {
    const a = model.accounts.get(userId)!;
    expect(core.account(userId), `seed ${seed} account ${userId}`).toEqual({ available: a.available.toFixed(), held: a.held.toFixed() });
    expect(a.available.gte(0) && a.held.gte(0)).toBe(true);
  }
  expect(model.totalMoney().toFixed()).toBe(initial.toFixed());
  return { effects, closes, stopOuts, absorbed, stops };
}

describe('TriggerHeap', () => {
  it('pops in key order and grows', () => {
    const h = new TriggerHeap(2);
    const keys = [5, 1, 9, 3, 3, 7, -2, 0];
    keys.forEach((k, i) => h.push(k, i, i, 0));
    const out: number[] = [];
    while (h.size > 0) {
      h.pop();
      out.push(h.key);
    }
    expect(out).toEqual([...keys].sort((a, b) => a - b));
  });
});

describe('TriggerCore against the reference model', () => {
  it('a gap through stop loss and take profit at once closes at the tick price, once', () => {
    const core = new TriggerCore(LEVEL);
    core.setPrice(1, '100', 1);
    core.loadUser(7, { available: '1000', held: '20' }, [
      { id: 1, userId: 7, symbolId: 1, side: 1, status: 1, quantity: '1', contNum: '1', spread: '0', price: '100', target: null, stopLoss: '95', takeProfit: '105', margin: '10' },
      { id: 2, userId: 7, symbolId: 1, side: 2, status: 1, quantity: '1', contNum: '1', spread: '0', price: '100', target: null, stopLoss: '105', takeProfit: '95', margin: '10' },
    ]);
    expect(core.onTick(1, '95', 2)).toEqual([
      { type: 'close', orderId: 1, userId: 7, symbolId: 1, price: '95', seq: 2, closeType: 4, profit: '-5', absorbed: '0' },
      { type: 'close', orderId: 2, userId: 7, symbolId: 1, price: '95', seq: 2, closeType: 3, profit: '5', absorbed: '0' },
    ]);
    expect(core.onTick(1, '80', 3)).toEqual([]);
    expect(core.account(7)).toEqual({ available: '1020', held: '0' });
  });

  it('stops out at exactly the level, gains first, and protects the balance', () => {
    const core = new TriggerCore(LEVEL);
    core.setPrice(1, '100', 1);
    core.setPrice(2, '10', 1);
    core.loadUser(3, { available: '30', held: '100' }, [
      { id: 10, userId: 3, symbolId: 1, side: 1, status: 1, quantity: '1', contNum: '1', spread: '0', price: '100', target: null, stopLoss: '0', takeProfit: '0', margin: '50' },
      { id: 11, userId: 3, symbolId: 2, side: 2, status: 1, quantity: '1', contNum: '1', spread: '0', price: '10', target: null, stopLoss: '0', takeProfit: '0', margin: '50' },
    ]);
    // equity 130 - 80 = 50 at 20 (2 of 2 shares), line 50: not yet at 20.01
    expect(core.onTick(1, '20.01', 2)).toEqual([]);
    expect(core.onTick(2, '5', 2)).toEqual([]); // a gain on the short moves the line away
    const out = core.onTick(1, '15', 3); // equity 130 - 85 + 5 = 50: exactly the level
    expect(out.map((e) => [e.orderId, e.type === 'close' && e.closeType])).toEqual([
      [11, 2],
      [10, 2],
    ]);
    expect(core.account(3)).toEqual({ available: '50', held: '0' });
  });

  it('agrees with the model over 2000 seeded random markets (gaps, equal prices, spikes, opens, closes, restarts)', () => {
    const total = { effects: 0, closes: 0, stopOuts: 0, absorbed: 0, stops: 0 };
    for (let seed = 1; seed <= 2000; seed++) {
      const r = runSeed(seed);
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    }
    // The scenarios really exercise every path: fills, stops, stop-outs, negative balances.
    expect(total.closes).toBeGreaterThan(10_000);
    expect(total.effects).toBeGreaterThan(total.closes);
    expect(total.stops).toBeGreaterThan(1_000);
    expect(total.stopOuts).toBeGreaterThan(100);
    expect(total.absorbed).toBeGreaterThan(10);
    console.log('forex simulation, 2000 seeds:', JSON.stringify(total));
  }, 180_000);

  it('agrees with the model on a few larger books', () => {
    for (let seed = 9001; seed <= 9004; seed++) runSeed(seed, { users: 40, orders: 300, ticks: 1000 });
  }, 120_000);

  it('a stop-out trigger is never late: the loss needed per symbol is exact for a one-symbol user', () => {
    const core = new TriggerCore('50');
    core.setPrice(1, '1.00000', 1);
    core.loadUser(1, { available: '0', held: new Decimal('1000').toFixed() }, [
      { id: 1, userId: 1, symbolId: 1, side: 1, status: 1, quantity: '1', contNum: '100000', spread: '0', price: '1.00000', target: null, stopLoss: '0', takeProfit: '0', margin: '1000' },
    ]);
    // equity 1000 + 100000 x (P - 1) <= 500  <=>  P <= 0.995
    expect(core.onTick(1, '0.99501', 2)).toEqual([]);
    expect(core.onTick(1, '0.99500', 3)).toHaveLength(1);
  });
});
