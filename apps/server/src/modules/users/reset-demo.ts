import { DEMO_START_BALANCE } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { closeAllOpen } from '../forex/index.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS, baseCurrencyId, listUserAccounts, lockAccounts, post, systemAccountId, type Posting } from '../ledger/index.js';
import { voidRunningOrders as voidRunningMicroOrders } from '../micro/index.js';
import * as repo from './users.repository.js';

/*
 * The demo reset command: it spans users (whose account), micro (running options), forex (open
 * orders) and the ledger (restoring the balances), so it lives in its own file rather than in any
 * one module's service.
 */

/**
 * Closes the demo's open forex orders at market (settled as usual) and cancels its pending ones,
 * voids its running options, then restores exactly the starting balance available and nothing held in each demo account.
 * Returns the ids of the orders it closed or cancelled (FOREX_CLOSED after commit).
 */
export async function resetDemoAccount(trx: Executor, userId: number, now: Date = new Date()): Promise<number[]> {
  const user = await repo.findUserById(trx, userId);
  if (!user?.is_demo) refuse('forbidden');
  // Running options close without a result: their held stakes go back with the rest below.
  await voidRunningMicroOrders(trx, userId, now);
  const closedIds = await closeAllOpen(trx, userId, now);
  const currencyId = await baseCurrencyId(trx);
  const house = await systemAccountId(trx, SYSTEM_ACCOUNTS.houseDemoFunding, currencyId);
  const accounts = await listUserAccounts(trx, userId);
  const locked = await lockAccounts(trx, [house, ...accounts.map((a) => a.id)]);
  const postings: Posting[] = [];
  let toHouse = new Decimal(0);
  for (const a of locked) {
    if (a.id === house) continue;
    const available = new Decimal(DEMO_START_BALANCE).minus(a.balance);
    const held = new Decimal(a.lock_balance).neg();
    if (!available.isZero()) postings.push({ accountId: a.id, bucket: 'available', amount: available });
    if (!held.isZero()) postings.push({ accountId: a.id, bucket: 'held', amount: held });
    toHouse = toHouse.minus(available).minus(held);
  }
  if (postings.length === 0) return closedIds;
  postings.push({ accountId: house, bucket: 'available', amount: toHouse });
  await post(trx, { kind: LEDGER_KINDS.demoReset, memo: 'Demo account reset', reference: `user:${userId}`, postings });
  return closedIds;
}
