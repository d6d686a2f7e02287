import {
  ACCOUNT_TYPES,
  FOREX_CLOSE_TYPE,
  FOREX_DEAL_TAB,
  FOREX_DEAL_TAB_STATUSES,
  FOREX_PAGE_SIZE,
  FOREX_STATUS,
  FOLLOW_TYPE_COPY,
  type ErrorKey,
  type ForexDealTab,
  type ForexMyDeal,
  type ForexOrder,
  type ForexSubmitInput,
} from '@tp/contracts';
import {
  Decimal,
  FOREX_BUY,
  FOREX_MONEY_PLACES,
  checkLots,
  checkPendingPrice,
  checkStops,
  forexFee,
  forexFillPrice,
  forexMargin,
  forexProfit,
  isMarketOpen,
  priceIsStale,
  traderNickname,
} from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import { answerRow } from '../../db/idempotency-record.js';
import { refuse } from '../../http/refusal.js';
import { wireDateTime } from '../../lib/time.js';
import { InsufficientFundsError, LEDGER_KINDS, ensureSystemAccount, holdPostings, post, type Posting } from '../ledger/index.js';
import { cancelPending, closePosition } from './position-closer.js';
import { feeShardCode } from './fee-shards.js';
import * as repo from './forex.repository.js';

/**
 * Forex order actions (spec 3, 5, 7; decisions.md). Plain functions on a transaction; every price
 * is the newest STORED tick of the symbol, so each order cites a tick (open_tick_seq /
 * close_tick_seq) whichever process answers the request. No input can set a price or an outcome.
 */

export interface Actor {
  id: number;
  isDemo: boolean;
}

const STOP_KEYS: Record<'stop_loss_invalid' | 'take_profit_invalid', ErrorKey> = {
  stop_loss_invalid: 'forex_stop_loss_invalid',
  take_profit_invalid: 'forex_take_profit_invalid',
};

function int(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** The price to act at: the symbol's newest stored tick, in open market hours, while it is fresh. */
async function marketTick(db: Executor, symbol: { id: number; schedule: 'forex' | 'always' }, now: Date, priceMaxAgeMs: number): Promise<repo.TickRef> {
  if (!isMarketOpen(symbol.schedule, now.getTime())) refuse('forex_market_closed');
  const tick = await repo.lastStoredTick(db, symbol.id);
  if (!tick) refuse('forex_no_price');
  if (priceIsStale(tick.at.getTime(), now.getTime(), priceMaxAgeMs)) refuse('prices_delayed');
  return tick;
}

/** A submit's read (the token check in it): see repo.readSubmit. */
export async function readSubmit(db: Db, tokenHash: string, input: ForexSubmitInput): Promise<repo.SubmitRead | undefined> {
  return repo.readSubmit(db, tokenHash, input.forex_id, ACCOUNT_TYPES.forex);
}

/**
 * The context with the house account its fee goes to: a user's fee shard exists after its first
 * use, and the first order (even one then refused) creates it.
 */
export async function withFeeAccount(db: Executor, actor: Actor, ctx: repo.SubmitContextRead | undefined): Promise<repo.SubmitContextRead | undefined> {
  if (!ctx || ctx.house_fee_id !== null) return ctx;
  return { ...ctx, house_fee_id: await ensureSystemAccount(db, feeShardCode(actor.isDemo, actor.id), ctx.currency_id) };
}

/**
 * Places an order and answers it as the wire shows it: from its read (`ctx`, readSubmit: one
 * round trip, which is also the request's token check), checks, then ONE statement - the ledger
 * post of margin and fee, the order row under the id the read reserved and, given `record` (the
 * request's Idempotency-Key), the recorded answer. The statement is atomic without a transaction
 * around it, so `db` may be the database itself: that saves the BEGIN and COMMIT round trips on
 * the hottest money path. Refusals (bad input, closed market, funds) write nothing.
 *
 * With `batched` (db is then the database itself), that statement is shared with the submits that
 * arrive while another write is in flight (repo.orderCommitter): the order is answered once its
 * batch has committed, and a refusal for funds is still its own.
 *
 * With `guard`, `ctx` is the process's kept copy (submit-context.ts) and the write checks that it
 * is still current: when it is not, nothing is written and GuardFailedError is thrown.
 */
export async function submit(
  db: Executor,
  actor: Actor,
  ctx: repo.SubmitContextRow | undefined,
  input: ForexSubmitInput,
  now: Date,
  priceMaxAgeMs: number,
  record?: (order: ForexOrder) => unknown[],
  batched?: Db,
  guard?: repo.SubmitGuard,
): Promise<ForexOrder> {
  // Off the hot path: only a refused submit asks why (a disabled symbol is close-only).
  if (!ctx) refuse((await repo.isSymbolDisabled(db, input.forex_id)) ? 'forex_symbol_close_only' : 'not_found');
  if (ctx.leverages.length === 0) refuse('no_mult_config');
  if (input.multiple === undefined || !ctx.leverages.includes(input.multiple)) refuse('forex_multiple_invalid');
  const lotsProblem = checkLots(input.cont, ctx.min_cont, ctx.pip);
  if (lotsProblem) refuse(lotsProblem === 'lots_below_min' ? 'forex_lots_below_min' : 'forex_lots_off_step');
  if (ctx.max_cont !== null && new Decimal(input.cont).gt(ctx.max_cont)) refuse('forex_lots_above_max');
  if (!isMarketOpen(ctx.schedule, now.getTime())) refuse('forex_market_closed');
  if (ctx.tick_seq === null || ctx.tick_price === null || ctx.tick_at === null) refuse('forex_no_price');
  // A price the feed has left is never filled at (a silent feed, an engine being replaced).
  if (priceIsStale(ctx.tick_at.getTime(), now.getTime(), priceMaxAgeMs)) refuse('prices_delayed');
  const houseFeeId = ctx.house_fee_id;
  if (houseFeeId === null) throw new Error('submit: the context has no house fee account (withFeeAccount)');
  const tick = { seq: ctx.tick_seq, price: ctx.tick_price };
  const side = input.type === FOREX_BUY ? 1 : 2;
  const pending = input.status === 0;

  // A pending order's stops are judged against its target (the market when it would fill).
  let reference = tick.price;
  if (pending) {
    if (!checkPendingPrice(side, input.target_price, tick.price)) refuse('forex_pending_price_invalid');
    reference = input.target_price;
  }
  const stops = checkStops(side, reference, input.stop_loss_price, input.target_profit_price);
  if (stops) refuse(STOP_KEYS[stops]);

  // A pending order's margin and fee are fixed when it is placed, from its target fill price:
  // filling then moves no money, so a fill can never fail for want of funds.
  const fill = forexFillPrice(side, reference, ctx.spread);
  const margin = forexMargin({ marginMode: ctx.margin_mode, lots: input.cont, contNum: ctx.cont_num, price: fill, leverage: input.multiple });
  const fee = forexFee({ feeType: int(ctx.fee_type, 1), lots: input.cont, feeRate: ctx.fee_rate, margin });

  const newOrder: repo.NewOrder = {
    user_id: actor.id,
    symbol_id: ctx.id,
    order_type: side,
    is_pending: pending,
    quantity: new Decimal(input.cont).toFixed(),
    cont_num: ctx.cont_num,
    spread: ctx.spread,
    origin_price: tick.price,
    price: pending ? new Decimal(input.target_price).toFixed() : fill.toFixed(),
    caution_money: margin.toFixed(FOREX_MONEY_PLACES),
    trade_fee: fee.toFixed(FOREX_MONEY_PLACES),
    multiple: input.multiple,
    target_loss_price: input.stop_loss_price,
    target_profit_price: input.target_profit_price,
    target_price: pending ? input.target_price : null,
    status: pending ? FOREX_STATUS.pending : FOREX_STATUS.holding,
    open_tick_seq: pending ? null : tick.seq,
    is_demo: actor.isDemo,
    filled_at: pending ? null : now,
  };
  const order = repo.insertedOrderRow(ctx.order_id, newOrder, now);
  const dto = toOrderDto(order, { id: ctx.id, code: ctx.code, show_code: ctx.show_code, price_precision: ctx.price_precision }, tick.price);

  const postings: Posting[] = holdPostings(ctx.account_id, margin);
  if (fee.gt(0)) {
    postings.push({ accountId: ctx.account_id, bucket: 'available', amount: fee.neg() });
    postings.push({ accountId: houseFeeId, bucket: 'available', amount: fee });
  }
  const orderValues = repo.newOrderValues(order.id, newOrder, now);
  const entry = { kind: LEDGER_KINDS.forexOpen, memo: 'Forex order margin and fee', reference: `forex_order:${order.id}`, postings };
  const answer = record?.(dto);
  // The guard's value is the statement's last (JSON null: a fresh read, no condition).
  const guardValue = guard ? JSON.stringify(guard) : null;
  const alone = answer
    ? { statement: repo.insertOrderWithPostAndAnswer, values: [...orderValues, ...answer, guardValue] }
    : { statement: repo.insertOrderWithPost, values: [...orderValues, guardValue] };
  try {
    if (batched) {
      await repo.orderCommitter(batched).post({
        input: entry,
        rows: [repo.newOrderRow(order.id, newOrder, now), answer && answerRow(answer)],
        alone,
        userAccounts: [ctx.account_id],
        // The same key twice in one batch would fail the whole statement: the second waits.
        uniqueKey: answer ? `${actor.id}:${String(answer[1])}` : undefined,
        guard: guard && { ...guard },
      });
    } else {
      await post(db, entry, alone);
    }
  } catch (err) {
    if (err instanceof InsufficientFundsError) refuse('forex_insufficient_balance');
    throw err;
  }
  return dto;
}

async function ownOrder(trx: Executor, userId: number, orderId: number): Promise<repo.OrderRow> {
  const order = await repo.lockOwnOrder(trx, userId, orderId);
  // Another user's order is indistinguishable from a missing one.
  if (!order) refuse('not_found');
  return order;
}

export async function closeByUser(trx: Executor, userId: number, orderId: number, now: Date, priceMaxAgeMs: number): Promise<repo.OrderRow> {
  const order = await ownOrder(trx, userId, orderId);
  if (order.status !== FOREX_STATUS.holding) refuse('forex_order_not_holding');
  const symbol = await repo.findSymbol(trx, order.symbol_id);
  if (!symbol) refuse('not_found');
  const tick = await marketTick(trx, symbol, now, priceMaxAgeMs);
  const closed = await closePosition(trx, order.id, { price: tick.price, seq: tick.seq, closeType: FOREX_CLOSE_TYPE.user, at: now });
  if (!closed) refuse('forex_order_not_holding');
  return closed;
}

export async function cancel(trx: Executor, userId: number, orderId: number, now: Date): Promise<repo.OrderRow> {
  const order = await ownOrder(trx, userId, orderId);
  if (order.status !== FOREX_STATUS.pending) refuse('forex_order_not_pending');
  const cancelled = await cancelPending(trx, order.id, now);
  if (!cancelled) refuse('forex_order_not_pending');
  return cancelled;
}

export async function setStops(trx: Executor, userId: number, orderId: number, stopLoss: string, takeProfit: string, now: Date, priceMaxAgeMs: number): Promise<repo.OrderRow> {
  const order = await ownOrder(trx, userId, orderId);
  if (order.status !== FOREX_STATUS.holding) refuse('forex_order_not_holding');
  const symbol = await repo.findSymbol(trx, order.symbol_id);
  if (!symbol) refuse('not_found');
  const tick = await marketTick(trx, symbol, now, priceMaxAgeMs);
  const problem = checkStops(order.order_type, tick.price, stopLoss, takeProfit);
  if (problem) refuse(STOP_KEYS[problem]);
  const updated = await repo.updateStops(trx, order.id, stopLoss, takeProfit);
  if (!updated) refuse('forex_order_not_holding');
  return updated;
}

export interface SymbolMeta {
  id: number;
  code: string;
  show_code: string;
  price_precision: number;
}

/** A price on the wire: the symbol's precision, or more when the value has more (a spread-moved fill). */
export function wirePrice(value: string | null | undefined, precision: number): string {
  if (value === null || value === undefined) return '0';
  const d = new Decimal(value);
  return d.toFixed(Math.max(precision, d.decimalPlaces()));
}

const money = (v: string | Decimal | null) => new Decimal(v ?? 0).toFixed(FOREX_MONEY_PLACES);

/** The order on the wire; a holding order shows the floating profit at `current` (the newest tick). */
export function toOrderDto(row: repo.OrderRow, symbol: SymbolMeta, current: string | undefined, copy?: repo.TraderOrderOfCopy, closedByTrader = false): ForexOrder {
  const p = symbol.price_precision;
  let updatePrice = row.update_price;
  let profit: Decimal | string | null = row.fact_profits;
  if (row.status === FOREX_STATUS.holding && current !== undefined) {
    updatePrice = current;
    profit = forexProfit({ side: row.order_type, fillPrice: row.price, price: current, lots: row.quantity, contNum: row.cont_num });
  } else if (row.status === FOREX_STATUS.pending) {
    updatePrice = current ?? null;
  }
  const complete = row.closed_at ?? row.filled_at;
  return {
    Id: row.id,
    OriginId: row.origin_id,
    ForexId: row.symbol_id,
    OrderType: row.order_type,
    Quantity: new Decimal(row.quantity).toFixed(),
    OriginPrice: wirePrice(row.origin_price, p),
    Price: wirePrice(row.price, p),
    UpdatePrice: wirePrice(updatePrice ?? row.price, p),
    FactProfits: money(profit),
    CautionMoney: money(row.caution_money),
    TradeFee: money(row.trade_fee),
    TargetLossPrice: new Decimal(row.target_loss_price).isZero() ? '0' : wirePrice(row.target_loss_price, p),
    TargetProfitPrice: new Decimal(row.target_profit_price).isZero() ? '0' : wirePrice(row.target_profit_price, p),
    Status: row.status,
    CloseType: row.close_type ?? 0,
    multiple: row.multiple,
    IsPending: row.is_pending ? 1 : 0,
    CreateTimeHandler: wireDateTime(row.created_at),
    CompleteTimeHandler: complete ? wireDateTime(complete) : '',
    ForexTradeLists: { Id: symbol.id, ShowCode: symbol.show_code, Code: symbol.code, PricePrecision: p },
    FollowType: row.origin_id > 0 ? FOLLOW_TYPE_COPY : 0,
    Copy: copy
      ? {
          TraderUserId: copy.trader_id,
          TraderNickname: traderNickname(copy.trader_uid, copy.trader_email),
          TraderPrice: wirePrice(copy.price, p),
          TraderClosePrice: copy.status === FOREX_STATUS.closed && copy.update_price !== null ? wirePrice(copy.update_price, p) : '',
          ClosedByTrader: closedByTrader,
        }
      : null,
  };
}

/** DTOs of some orders with their symbols and current prices; a copy with its trader and the trader's fill. */
export async function orderDtos(db: Executor, rows: readonly repo.OrderRow[]): Promise<ForexOrder[]> {
  const ids = [...new Set(rows.map((r) => r.symbol_id))];
  const origins = [...new Set(rows.filter((r) => r.origin_id > 0).map((r) => r.origin_id))];
  const closedCopies = rows.filter((r) => r.origin_id > 0 && r.status === FOREX_STATUS.closed).map((r) => r.id);
  const [symbols, ticks, traders, byTrader] = await Promise.all([
    repo.symbolsMeta(db, ids),
    repo.lastStoredTicks(db, ids),
    repo.traderOrdersOf(db, origins),
    repo.copiesClosedByTrader(db, closedCopies),
  ]);
  const byId = new Map(symbols.map((s) => [s.id, s]));
  return rows.map((r) => toOrderDto(r, byId.get(r.symbol_id)!, ticks.get(r.symbol_id)?.price, traders.get(r.origin_id), byTrader.has(r.id)));
}

/** my_deal: one tab, paged; all_fact_profits sums the whole tab (floating for holding). */
export async function myDeal(db: Executor, userId: number, tab: ForexDealTab, page: number): Promise<ForexMyDeal> {
  const statuses = FOREX_DEAL_TAB_STATUSES[tab];
  const perPage = FOREX_PAGE_SIZE;
  const rows = await repo.listOrders(db, userId, statuses, perPage, (page - 1) * perPage);
  const { total, profit } = await repo.countAndProfit(db, userId, statuses);
  let allProfits = new Decimal(profit);
  if (tab === FOREX_DEAL_TAB.holding) {
    // Floating profit of every holding order (a user holds few): the same rounding per order as shown.
    const all = total <= perPage && page === 1 ? rows : await repo.listOrders(db, userId, statuses, 10_000, 0);
    allProfits = (await orderDtos(db, all)).reduce((acc, o) => acc.plus(o.FactProfits), new Decimal(0));
  }
  return {
    data: await orderDtos(db, rows),
    total,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    all_fact_profits: allProfits.toFixed(FOREX_MONEY_PLACES),
  };
}

/** Closes and cancels every open order of a user at market (demo reset). Returns the closed ids. */
export async function closeAllOpen(trx: Executor, userId: number, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const order of await repo.openOrdersOfUser(trx, userId)) {
    if (order.status === FOREX_STATUS.pending) {
      if (await cancelPending(trx, order.id, now)) ids.push(order.id);
      continue;
    }
    // The newest stored tick, even outside market hours: a reset must always be possible.
    const tick = await repo.lastStoredTick(trx, order.symbol_id);
    const price = tick?.price ?? order.price;
    const closed = await closePosition(trx, order.id, { price, seq: tick?.seq ?? order.open_tick_seq ?? 0, closeType: FOREX_CLOSE_TYPE.user, at: now });
    if (closed) ids.push(order.id);
  }
  return ids;
}
