import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@tp/contracts';
import { FUND_DAY_MS } from '@tp/domain';
import { Scheduler } from '../../engine/scheduler.js';
import { silentEngineLog } from '../../engine/engine-log.js';
import { createInProcessBus } from '../../realtime/bus.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, registerUser, type Registered } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { accountOf, dashboardSetAside, moveHeld, setAsideRows } from '../../test/set-aside-helpers.js';
import { fundIncomeJob } from './index.js';

/*
 * The income job runs over every subscription in one transaction: one subscription that cannot
 * be settled (its funding account holds less than its amount at maturity) must not stop every
 * other user's incomes and principal. It is set aside for staff and paid by a later run once
 * its account can pay.
 */

const clock = { ms: Date.UTC(2026, 0, 5, 10, 0, 0) };
let t: TestApp;
let admin: string;
let healthy: Registered;
let poisoned: Registered;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.ms });
  admin = await adminToken(t.app);
  healthy = await registerUser(t.app, t.dataDir);
  poisoned = await registerUser(t.app, t.dataDir);
  await fund(t.app, healthy.token, admin, '1000');
  await fund(t.app, poisoned.token, admin, '1000');
});
afterAll(() => t.close());

const node = () => new Scheduler({ db: t.db, bus: createInProcessBus(), log: silentEngineLog, jobs: [fundIncomeJob], now: () => clock.ms, checkEveryMs: 0 });

async function buy(token: string): Promise<number> {
  const res = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.funds.buy.path, headers: { authorization: token }, payload: { id: 1, amount: '1000' } });
  expect(res.body.code).toBe(1);
  return res.body.data.id;
}

async function sub(id: number) {
  return t.db.selectFrom('fund_subscriptions').select(['status', 'paid_days']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('fund incomes with one poisoned subscription', () => {
  it('pays and releases the healthy subscription, sets the poisoned one aside, and pays it once cured', async () => {
    const bad = await buy(poisoned.token);
    const good = await buy(healthy.token);
    const badAccount = await accountOf(t.db, poisoned.user.id, 1);
    await moveHeld(t.db, badAccount, '500');

    clock.ms += 8 * FUND_DAY_MS;
    expect(await node().runDue()).toBe(1);
    expect(await sub(good)).toEqual({ status: 4, paid_days: 7 });
    expect(await sub(bad)).toEqual({ status: 1, paid_days: 0 });
    const key = `subscription ${bad}`;
    const [row] = await setAsideRows(t.db, 'funds.income');
    expect(row).toMatchObject({ item: key, attempts: 1 });
    expect(row!.reason).toContain('held would go below zero');
    const seen = await dashboardSetAside(t.app, admin);
    expect(seen.rows).toEqual([expect.objectContaining({ job: 'funds.income', item: key, attempts: 1 })]);

    // The next run tries it again: still short.
    clock.ms += 10_000;
    expect(await node().runDue()).toBe(1);
    expect(await sub(bad)).toEqual({ status: 1, paid_days: 0 });
    expect((await setAsideRows(t.db, 'funds.income'))[0]).toMatchObject({ item: key, attempts: 2 });

    // Cured: the next run pays its seven days, releases it and clears the row.
    await moveHeld(t.db, badAccount, '-500');
    clock.ms += 10_000;
    expect(await node().runDue()).toBe(1);
    expect(await sub(bad)).toEqual({ status: 4, paid_days: 7 });
    expect(await setAsideRows(t.db, 'funds.income')).toEqual([]);
    expect((await dashboardSetAside(t.app, admin)).total).toBe(0);
    const funding = await t.db.selectFrom('ledger_accounts').select(['balance', 'lock_balance']).where('id', '=', badAccount).executeTakeFirstOrThrow();
    expect(Number(funding.lock_balance)).toBe(0);
  });
});
