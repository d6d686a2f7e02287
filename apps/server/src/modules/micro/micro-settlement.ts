import { Decimal, settleMicro, type MicroDirection, type MicroOutcome } from '@tp/domain';
import { MICRO_ACCOUNT_TYPE_ID, MICRO_STATUS_CLOSED, type BusEventName, type ClientPushName, type MicroSettledPush } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { LEDGER_KINDS, post, type Posting, type PostInput } from '../ledger/index.js';
import * as repo from './micro.repository.js';
import { notifyMany } from '../notifications/index.js';

/** Internal bus topic: an order was committed; the engine process queues its expiry. */
export const MICRO_ORDER_CREATED = 'micro.order_created' satisfies BusEventName;
export const MICRO_SETTLED = 'MICRO_SETTLED' satisfies ClientPushName;

/** A running option as the expiry queue holds it (everything settlement needs, no lookup). */
export interface QueuedOrder {
  id: string;
  userId: number;
  symbolId: number;
  type: MicroDirection;
  amount: string;
  profitRatio: string;
  lossLevel: number;
  openPrice: string;
  entrySeq: string;
  expireAtMs: number;
  /** The user's options account. */
  accountId: number;
  showCode: string;
  /** The symbol's price precision (prices on the wire). */
  precision: number;
}

export interface ExitTickRef {
  seq: string;
  price: string;
}

export interface SettledOrder {
  order: QueuedOrder;
  outcome: MicroOutcome;
  factProfits: string;
  endPrice: string;
}

export function queuedFromRow(r: repo.RunningOrderRow): QueuedOrder {
  return {
    id: r.id,
    userId: r.user_id,
    symbolId: r.symbol_id,
    type: r.type as MicroDirection,
    amount: r.amount,
    profitRatio: r.profit_ratio,
    lossLevel: r.loss_level,
    openPrice: r.open_price,
    entrySeq: r.entry_tick_seq,
    expireAtMs: r.expire_at.getTime(),
    accountId: r.account_id,
    showCode: r.show_code,
    precision: r.price_precision,
  };
}

/** The ledger transaction of one settlement (decisions.md, option settlement; DESIGN principle 4). */
export function settlementPostings(order: QueuedOrder, houseAccountId: number, returned: string, houseAmount: string, outcome: MicroOutcome): Posting[] {
  const postings: Posting[] = [{ accountId: order.accountId, bucket: 'held', amount: `-${order.amount}` }];
  if (Number(returned) !== 0) postings.push({ accountId: order.accountId, bucket: 'available', amount: returned });
  if (outcome === 'win') postings.push({ accountId: houseAccountId, bucket: 'available', amount: `-${houseAmount}` });
  if (outcome === 'loss') postings.push({ accountId: houseAccountId, bucket: 'available', amount: houseAmount });
  return postings;
}

/**
 * Settles options at their exit ticks inside the caller's transaction: one UPDATE closes those
 * still running (exactly once: `WHERE status = 1`), then one ledger transaction per closed order -
 * each order keeps its own balanced entry, referenced `micro:<id>` - written together by
 * one ledger post of them all. Returns what was settled now; the caller publishes after commit.
 */
export async function settleOrders(
  trx: Executor,
  due: readonly { order: QueuedOrder; exit: ExitTickRef }[],
  houseAccountId: number,
  completeAt: Date,
): Promise<SettledOrder[]> {
  if (due.length === 0) return [];
  const computed = due.map(({ order, exit }) => ({
    order,
    exit,
    result: settleMicro({ type: order.type, amount: order.amount, profitRatio: order.profitRatio, entry: order.openPrice, exit: exit.price, lossLevel: order.lossLevel }),
  }));
  const closed = new Set(
    await repo.closeSettled(
      trx,
      computed.map((c) => ({ id: c.order.id, endPrice: c.exit.price, exitSeq: c.exit.seq, factProfits: c.result.factProfits, completeAt })),
    ),
  );
  const settled = computed.filter((c) => closed.has(c.order.id));
  const entries: PostInput[] = settled.map((c) => ({
    kind: LEDGER_KINDS.microSettlement,
    memo: `Option ${c.result.outcome}`,
    reference: `micro:${c.order.id}`,
    postings: settlementPostings(c.order, houseAccountId, c.result.returned, c.result.houseAmount, c.result.outcome),
  }));
  await post(trx, entries);
  // One statement for the batch's notifications, from what the queue holds: no read.
  await notifyMany(
    trx,
    settled.map((c) => ({
      userId: c.order.userId,
      kind: 'option_settled' as const,
      params: { id: c.order.id, symbol: c.order.showCode, result: c.result.outcome, profit: c.result.factProfits },
      link: `/order?source=1&type=${MICRO_STATUS_CLOSED}&id=${c.order.id}`,
    })),
  );
  return settled.map((c) => ({ order: c.order, outcome: c.result.outcome, factProfits: c.result.factProfits, endPrice: c.exit.price }));
}

export function settledPush(s: SettledOrder): Omit<MicroSettledPush, 'type'> {
  return {
    id: Number(s.order.id),
    result: s.outcome,
    FactProfits: s.factProfits,
    OpenPrice: new Decimal(s.order.openPrice).toFixed(s.order.precision),
    EndPrice: new Decimal(s.endPrice).toFixed(s.order.precision),
    Type: s.order.type,
    Number: s.order.amount,
    ShowCode: s.order.showCode,
  };
}

export { MICRO_ACCOUNT_TYPE_ID };
