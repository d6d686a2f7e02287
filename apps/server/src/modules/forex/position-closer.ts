import { ACCOUNT_TYPES } from '@tp/contracts';
import { Decimal, FOREX_MONEY_PLACES, forexFillPrice, forexProfit, settleClose } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS, baseCurrencyId, ensureSystemAccount, holdPostings, lockAccounts, post, systemAccountId, type Posting } from '../ledger/index.js';
import * as repo from './forex.repository.js';
import { copyTradingHooks } from './copy-hooks.js';
import { feeShardCode } from './fee-shards.js';

/**
 * The money side of forex orders, shared by the HTTP actions and the trigger engine: closing a
 * position (profit or loss against the house, negative balance protection), filling a pending
 * order, cancelling one. Each runs inside the caller's transaction and is guarded by the order's
 * status, so an order is settled exactly once whoever gets there first.
 */

export interface HouseAccounts {
  pnl: number;
  fee: number;
}

/**
 * The house side of a user's trades. Demo accounts trade play money: their fees and P&L go to
 * demo house accounts, so real fee revenue and house P&L are never mixed with play money.
 */
export async function houseAccounts(trx: Executor, isDemo: boolean, userId: number): Promise<HouseAccounts> {
  const currencyId = await baseCurrencyId(trx);
  const fee = await ensureSystemAccount(trx, feeShardCode(isDemo, userId), currencyId);
  const pnl = await systemAccountId(trx, isDemo ? SYSTEM_ACCOUNTS.houseDemoFunding : SYSTEM_ACCOUNTS.housePnl, currencyId);
  return { pnl, fee };
}

export async function contractAccount(trx: Executor, userId: number): Promise<{ id: number; balance: string; lock_balance: string }> {
  const [row] = await repo.contractAccounts(trx, [userId], ACCOUNT_TYPES.forex);
  if (!row) throw new Error(`user ${userId} has no contract account`);
  return row;
}

export interface CloseAt {
  price: string;
  seq: string | number;
  closeType: number;
  at: Date;
}

/**
 * Closes a holding order at a stored tick: releases its margin and settles the profit against the
 * house P&L. A loss deeper than the account leaves it at zero; the house absorbs the rest in its
 * own ledger transaction (kind forex_negative_balance_protection). Returns undefined when the
 * order was no longer holding (someone else closed it first): nothing is settled then.
 */
export async function closePosition(trx: Executor, orderId: number, close: CloseAt): Promise<repo.OrderRow | undefined> {
  const current = await repo.findOrder(trx, orderId);
  if (!current || current.status !== 1) return undefined;
  // The accounts this close posts to, locked first and together in the ledger's lock order (the
  // user's, then the house's) - the order of every ledger statement. Locking the user's account alone first and the house's in the post
  // let two closes (or a close and any post to the house) wait on each other in a cycle.
  const house = await houseAccounts(trx, current.is_demo, current.user_id);
  const account = await contractAccount(trx, current.user_id);
  const locked = (await lockAccounts(trx, [account.id, house.pnl])).find((a) => a.id === account.id)!;
  const profit = forexProfit({ side: current.order_type, fillPrice: current.price, price: close.price, lots: current.quantity, contNum: current.cont_num });
  // The guard first: it takes the row lock, so two closers serialize here and the loser stops.
  const order = await repo.markClosed(trx, orderId, {
    update_price: close.price,
    fact_profits: profit.toFixed(FOREX_MONEY_PLACES),
    close_type: close.closeType,
    close_tick_seq: close.seq,
    closed_at: close.at,
  });
  if (!order) return undefined;
  // Read under the lock above: the protection amount depends on what is available.
  const margin = new Decimal(order.caution_money);
  const { absorbed } = settleClose({ available: locked.balance, margin, profit });
  const reference = `forex_order:${order.id}`;
  if (absorbed.gt(0)) {
    await post(trx, {
      kind: LEDGER_KINDS.forexNegativeBalance,
      memo: 'Forex loss beyond the account absorbed by the house',
      reference,
      postings: [
        { accountId: house.pnl, bucket: 'available', amount: absorbed.neg() },
        { accountId: account.id, bucket: 'available', amount: absorbed },
      ],
    });
  }
  const postings: Posting[] = holdPostings(account.id, margin.neg());
  if (!profit.isZero()) {
    postings.push({ accountId: account.id, bucket: 'available', amount: profit });
    postings.push({ accountId: house.pnl, bucket: 'available', amount: profit.neg() });
  }
  // A copy pays the trader's profit share in this same ledger transaction (copy trading).
  const hooks = order.origin_id > 0 ? copyTradingHooks() : undefined;
  if (hooks) postings.push(...(await hooks.closeCopy(trx, order, profit, account.id)));
  await post(trx, { kind: LEDGER_KINDS.forexClose, memo: 'Forex position closed', reference, postings });
  return order;
}

/** Fills a pending order at a tick (margin and fee were taken when it was placed). */
export async function fillPending(trx: Executor, orderId: number, tick: { price: string; seq: string | number; at: Date }): Promise<repo.OrderRow | undefined> {
  const current = await repo.findOrder(trx, orderId);
  if (!current || current.status !== 0) return undefined;
  const fill = forexFillPrice(current.order_type === 1 ? 1 : 2, tick.price, current.spread);
  return repo.markFilled(trx, orderId, { origin_price: tick.price, price: fill.toFixed(), open_tick_seq: tick.seq, filled_at: tick.at });
}

/** Cancels a pending order: margin and fee go back. Undefined when it was no longer pending. */
export async function cancelPending(trx: Executor, orderId: number, at: Date): Promise<repo.OrderRow | undefined> {
  const order = await repo.markCancelled(trx, orderId, at);
  if (!order) return undefined;
  const house = await houseAccounts(trx, order.is_demo, order.user_id);
  const account = await contractAccount(trx, order.user_id);
  const fee = new Decimal(order.trade_fee);
  const postings: Posting[] = holdPostings(account.id, new Decimal(order.caution_money).neg());
  if (fee.gt(0)) {
    postings.push({ accountId: account.id, bucket: 'available', amount: fee });
    postings.push({ accountId: house.fee, bucket: 'available', amount: fee.neg() });
  }
  await post(trx, { kind: LEDGER_KINDS.forexCancel, memo: 'Forex pending order cancelled', reference: `forex_order:${order.id}`, postings });
  return order;
}
