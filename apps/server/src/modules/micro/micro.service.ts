import { MICRO_ACCOUNT_TYPE_ID, MICRO_STATUS_RUNNING, type MicroOrder, type MicroSeconds, type MicroSubmitInput, type Paged } from '@tp/contracts';
import { Decimal, fixed, isMarketOpen, microRemainingMs, priceIsStale, type MicroDirection } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import type { Bus } from '../../realtime/bus.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import { LEDGER_KINDS, findUserAccountIdOfType, holdPostings, InsufficientFundsError, post } from '../ledger/index.js';
import { getSetting } from '../settings/index.js';
import { MICRO_ORDER_CREATED, type QueuedOrder } from './micro-settlement.js';
import * as repo from './micro.repository.js';

export const MICRO_PAGE_SIZE = 10;

const money = (v: string) => fixed(v, 2, 'down');
const price = (v: string, precision: number) => new Decimal(v).toFixed(precision);
const ratio = (v: string) => new Decimal(v).toFixed();

export async function secondsOptions(db: Executor): Promise<MicroSeconds> {
  const [options, presets] = await Promise.all([repo.listSecondsOptions(db), repo.listAmountPresets(db)]);
  return {
    seconds: options.map((o) => ({ Id: o.id, Seconds: o.seconds, ProfitRatio: ratio(o.profit_ratio), LimitAmount: money(o.limit_amount) })),
    number: presets.map((p) => ({ Number: new Decimal(p.amount).toFixed() })),
  };
}

export function toOrderDto(r: repo.OrderRow, nowMs: number): MicroOrder {
  const running = r.status === MICRO_STATUS_RUNNING;
  return {
    Id: Number(r.id),
    Type: r.type,
    Number: money(r.amount),
    Seconds: r.seconds,
    RemainMilliSeconds: running ? microRemainingMs(r.expire_at.getTime(), nowMs) : 0,
    OpenPrice: price(r.open_price, r.price_precision),
    EndPrice: r.end_price === null ? null : price(r.end_price, r.price_precision),
    ProfitRatio: ratio(r.profit_ratio),
    FactProfits: r.fact_profits === null ? null : money(r.fact_profits),
    Status: r.status,
    CreatedAtST: r.created_at.getTime(),
    ExpireAtST: r.expire_at.getTime(),
    CompleteAtST: r.complete_at ? r.complete_at.getTime() : null,
    ForexTradeList: { Id: r.symbol_id, ShowCode: r.show_code },
  };
}

export async function listOrders(db: Executor, userId: number, status: number, page: number, nowMs: number): Promise<Paged<MicroOrder>> {
  const [total, rows] = await Promise.all([
    repo.countUserOrders(db, userId, status),
    repo.listUserOrders(db, userId, status, MICRO_PAGE_SIZE, (page - 1) * MICRO_PAGE_SIZE),
  ]);
  return {
    data: rows.map((r) => toOrderDto(r, nowMs)),
    total,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / MICRO_PAGE_SIZE)),
    per_page: MICRO_PAGE_SIZE,
  };
}

/**
 * Opens an option inside the caller's transaction: checks, entry at the symbol's last stored
 * tick, the order row and the stake's hold. The caller announces `queued` to the engine process
 * over the bus after commit (announceOrder).
 */
export async function openOrder(trx: Executor, userId: number, input: MicroSubmitInput, nowMs: number, priceMaxAgeMs: number): Promise<{ dto: MicroOrder; queued: QueuedOrder }> {
  const symbol = await repo.findTradableSymbol(trx, input.forex_id);
  if (!symbol) refuse('not_found');
  if (!isMarketOpen(symbol.schedule, nowMs)) refuse('micro_market_closed');
  const option = await repo.findSecondsOption(trx, input.seconds);
  if (!option) refuse('micro_seconds_invalid');
  const amount = new Decimal(input.number);
  if (amount.lte(0) || amount.lt(option.limit_amount)) refuse('micro_amount_too_low', { min: money(option.limit_amount) });
  // The entry is the newest stored tick, and only while it is fresh: an option opened at a price
  // the feed has since left (a silent feed, an engine being replaced) would be a bet on the past.
  const entry = await repo.lastStoredTick(trx, symbol.id);
  if (!entry) refuse('forex_no_price');
  if (priceIsStale(entry.at.getTime(), nowMs, priceMaxAgeMs)) refuse('prices_delayed');
  const accountId = await findUserAccountIdOfType(trx, userId, MICRO_ACCOUNT_TYPE_ID);
  if (accountId === undefined) refuse('micro_insufficient_balance');
  const lossLevel = Number((await getSetting(trx, 'micro_loss_level')) ?? 0);

  const createdAt = new Date(nowMs);
  const expireAt = new Date(nowMs + option.seconds * 1000);
  const id = await repo.insertOrder(trx, {
    user_id: userId,
    symbol_id: symbol.id,
    type: input.type,
    amount: amount.toFixed(2),
    seconds: option.seconds,
    profit_ratio: option.profit_ratio,
    loss_level: Number.isInteger(lossLevel) ? lossLevel : 0,
    open_price: entry.price,
    entry_tick_seq: entry.seq,
    created_at: createdAt,
    expire_at: expireAt,
  });
  try {
    await post(trx, { kind: LEDGER_KINDS.microStake, memo: 'Option stake', reference: `micro:${id}`, postings: holdPostings(accountId, amount) });
  } catch (err) {
    if (err instanceof InsufficientFundsError) refuse('micro_insufficient_balance');
    throw err;
  }
  const row = await repo.findOrder(trx, id);
  if (!row) throw new Error(`micro order ${id} vanished inside its own transaction`);
  const queued: QueuedOrder = {
    id,
    userId,
    symbolId: symbol.id,
    type: input.type as MicroDirection,
    amount: row.amount,
    profitRatio: row.profit_ratio,
    lossLevel: row.loss_level,
    openPrice: row.open_price,
    entrySeq: row.entry_tick_seq,
    expireAtMs: expireAt.getTime(),
    accountId,
    showCode: symbol.show_code,
    precision: symbol.price_precision,
  };
  return { dto: toOrderDto(row, nowMs), queued };
}

/** Tells the engine process (in any process layout) that an option is waiting for its expiry. */
export function announceOrder(bus: Bus, queued: QueuedOrder): void {
  publishBusEvent(bus, MICRO_ORDER_CREATED, { ...queued });
}
