import { z } from 'zod';
import { boundedDecimal, boundedDecimalInput, decimalString, MAX_LOTS, MAX_PRICE, wireDateTime } from './money.js';
import { ignoredT, pagedSchema } from './envelope.js';
import { idField as id, intField, intIn, text, optionalInt } from './form-fields.js';
import { FOREX_DEAL_TAB } from './forex-constants.js';

/**
 * Forex (contract) trading on the wire (spec sections 3, 4, 5, 7; decisions.md). Prices and
 * amounts are decimal strings; forms may send them as numbers, which are read as their text.
 */

/** Lots a user types: string or number in, plain string out; at most MAX_LOTS. */
export const lotsInput = boundedDecimalInput(10, MAX_LOTS);
/** A price a user types; empty or absent means 0 (= off) for stop loss and take profit. At most MAX_PRICE. */
const stopInput = z
  .union([text, z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || String(v).trim() === '' ? '0' : String(v).trim()))
  .pipe(boundedDecimal(10, MAX_PRICE));

export const forexSubmitInput = z.object({
  type: intField.pipe(z.union([z.literal(1), z.literal(2)])),
  /** Lots. */
  cont: lotsInput,
  forex_id: id,
  status: intField.pipe(z.union([z.literal(0), z.literal(1)])).default(1),
  /** The pending price; required (and only read) when status is 0. */
  target_price: stopInput,
  stop_loss_price: stopInput,
  target_profit_price: stopInput,
  /** Leverage: one of the symbol's HasForexMultiple values. Absent on a symbol without options: 'no_mult_config'. */
  multiple: optionalInt(intIn(1, 100_000)),
  ...ignoredT,
});
export type ForexSubmitInput = z.infer<typeof forexSubmitInput>;

export const forexMyDealQuery = z.object({
  status: intField.pipe(z.union([z.literal(FOREX_DEAL_TAB.pending), z.literal(FOREX_DEAL_TAB.holding), z.literal(FOREX_DEAL_TAB.history)])).default(FOREX_DEAL_TAB.holding),
  page: intIn(1, 100_000).default(1),
  ...ignoredT,
});

export const forexOrderIdInput = z.object({ id, ...ignoredT });

export const forexSetStopInput = z.object({
  id,
  stop_loss_price: stopInput,
  target_profit_price: stopInput,
  ...ignoredT,
});

export const forexOrderSymbolSchema = z.object({ Id: z.number().int(), ShowCode: z.string(), Code: z.string(), PricePrecision: z.number().int() });

export const forexOrderSchema = z.object({
  Id: z.number().int(),
  /** The order this one was copied from (copy trading); 0 for an own order. */
  OriginId: z.number().int(),
  ForexId: z.number().int(),
  OrderType: z.number().int(),
  Quantity: decimalString,
  /** The market price the order was priced at (last stored tick). */
  OriginPrice: decimalString,
  /** The fill price: market moved against the user by the spread; for a pending order, its target. */
  Price: decimalString,
  /** The current price (holding), or the close price (history). */
  UpdatePrice: decimalString,
  /** Floating profit (holding) or settled profit (history), 6 decimals. */
  FactProfits: decimalString,
  CautionMoney: decimalString,
  TradeFee: decimalString,
  TargetLossPrice: decimalString,
  TargetProfitPrice: decimalString,
  Status: z.number().int(),
  /** 0 while open; else FOREX_CLOSE_TYPE. */
  CloseType: z.number().int(),
  multiple: z.number().int(),
  /** 0 market order, 1 was placed as a pending order. */
  IsPending: z.number().int(),
  CreateTimeHandler: wireDateTime,
  /** Fill time while open, close/cancel time in history; empty when not yet filled. */
  CompleteTimeHandler: z.string(),
  ForexTradeLists: forexOrderSymbolSchema,
  /** 2: a copy of a trader's order (copy trading, spec "FollowType 2 copy order"); 0 an own order. */
  FollowType: z.number().int(),
  /** A copy's trader and the trader's fill, shown beside the copy's own (equal by rule); null for an own order. */
  Copy: z
    .object({
      TraderUserId: z.number().int(),
      TraderNickname: z.string(),
      TraderPrice: decimalString,
      /** The trader's close price once the trader's order has closed; '' while it holds. */
      TraderClosePrice: z.string(),
      /**
       * Closed by the trader's close (CloseType then is the trader's reason), not by the follower;
       * false while open. CloseType keeps the spec's values: this says whose close it was.
       */
      ClosedByTrader: z.boolean(),
    })
    .nullable(),
});
export type ForexOrder = z.infer<typeof forexOrderSchema>;

export const forexMyDealSchema = pagedSchema(forexOrderSchema).extend({
  /** Sum of FactProfits of every order of the tab (not just this page). */
  all_fact_profits: decimalString,
});
export type ForexMyDeal = z.infer<typeof forexMyDealSchema>;

/** Websocket push `FOREX_TRADE` to one user with holding orders, at most about once a second. */
export const forexTradePushSchema = z.object({
  ProfitsTotal: decimalString,
  /** Risk rate in percent, 2 decimals. */
  HazardRate: decimalString,
  CautionMoneyAll: decimalString,
  TransOrder: z.array(z.object({ Id: z.number().int(), UpdatePrice: decimalString, FactProfits: decimalString })),
});
export type ForexTradePush = z.infer<typeof forexTradePushSchema>;

/** Websocket push `FOREX_CLOSED`: ids of the user's orders that just closed (any reason). */
export const forexClosedPushSchema = z.object({ id: z.array(z.number().int()) });
export type ForexClosedPush = z.infer<typeof forexClosedPushSchema>;
