import { DEMO_START_BALANCE } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { closeAllOpen } from '../forex/index.js';
import { endSubscriptionsForDemoReset } from '../funds/index.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS, baseCurrencyId, listUserAccounts, lockAccounts, post, systemAccountId, type Posting } from '../ledger/index.js';
import { voidRunningOrders as voidRunningMicroOrders } from '../micro/index.js';
import * as repo from './users.repository.js';

/*
 * The demo reset command: it spans users (whose account), micro (running options), forex (open
 * orders), funds (subscriptions) and the ledger (restoring the balances), so it lives in its own
 * file rather than in any one module's service.
 */

/**
 * Restores a demo account to its start: voids its running options, closes its open forex orders
 * at market (settled as usual, copies included) and cancels its pending ones, ends its fund
 * subscriptions, then sets exactly the starting balance available and nothing held in each
 * account. Returns the ids of the orders it closed or cancelled (FOREX_CLOSED after commit).
 *
 * The user's accounts are locked FIRST, before anything is read. Every action that holds or
 * releases money on them (an option or order submit, a settlement, a close, a subscription) locks
 * them in its ledger post, so each one has either committed wholly before the reset reads the
 * rows it ends - and is ended with them - or waits for the reset to commit and then acts on the
 * restored balance. Without the lock, an option submitted between the voiding of the running
 * options and the zeroing of the holds kept running with its stake's hold wiped out: its
 * settlement then failed, and with it every other user's in the same batch.
 */
export async function resetDemoAccount(trx: Executor, userId: number, now: Date = new Date()): Promise<number[]> {
  const user = await repo.findUserById(trx, userId);
  if (!user?.is_demo) refuse('forbidden');
  const accounts = await listUserAccounts(trx, userId);
  await lockAccounts(trx, accounts.map((a) => a.id));
  // Running options close without a result: their held stakes go back with the rest below.
  await voidRunningMicroOrders(trx, userId, now);
  const closedIds = await closeAllOpen(trx, userId, now);
  await endSubscriptionsForDemoReset(trx, userId, now.getTime());
  const currencyId = await baseCurrencyId(trx);
  const house = await systemAccountId(trx, SYSTEM_ACCOUNTS.houseDemoFunding, currencyId);
  // Read again under the lock: the closes above have moved money on these accounts.
  const locked = await lockAccounts(trx, [house, ...accounts.map((a) => a.id)]);
  const postings: Posting[] = [];
  let toHouse = new Decimal(0);
  for (const a of locked) {
    if (a.id === house) continue;
    const available = new Decimal(DEMO_START_BALANCE).minus(a.balance);
    // What is still held is the voided options' stakes: nothing the user had is left running.
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
