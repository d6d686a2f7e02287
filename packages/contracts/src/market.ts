import { z } from 'zod';
import { decimalString } from './money.js';
import { ignoredT } from './envelope.js';
import { idField, intField, text, optionalInt } from './form-fields.js';
import { KLINE_PERIODS, type KlinePeriod, KLINE_PERIOD_NAMES, type KlinePeriodName } from './market-constants.js';

/**
 * Market data on the wire (spec sections 3, 7, 9): trade symbols, categories, kline points,
 * searches and the public websocket pushes. Prices, quantities and rates are decimal strings.
 */

const PERIOD_BY_NAME = new Map(Object.entries(KLINE_PERIOD_NAMES).map(([minutes, name]) => [name as string, Number(minutes) as KlinePeriod]));
/** `period`: a name (`5min`) or the number of minutes (5, '5'); parsed to the minutes. */
export const klinePeriodInput = z
  .union([text.refine((v) => PERIOD_BY_NAME.has(v), 'period').transform((v) => PERIOD_BY_NAME.get(v)!), intField])
  .refine((p) => (KLINE_PERIODS as readonly number[]).includes(p), 'period')
  .transform((p) => p as KlinePeriod);

/**
 * A symbol's 24-hour quote, the one shape of it: open is the price 24 h of trading ago, change a
 * percent string with 2 decimals. DAY_MARKET pushes carry it as is; the trade list carries it
 * with capitalised names (ForexQuotations, the spec's), converted by the two functions below.
 */
export const dayQuoteSchema = z.object({
  open: decimalString,
  close: decimalString,
  change: decimalString,
  high: decimalString,
  low: decimalString,
  volume: decimalString,
});
export type DayQuote = z.infer<typeof dayQuoteSchema>;

/** The day quote inside a trade symbol (`ForexQuotations`). */
export const forexQuotationsSchema = z.object({
  Open: dayQuoteSchema.shape.open,
  Close: dayQuoteSchema.shape.close,
  Change: dayQuoteSchema.shape.change,
  High: dayQuoteSchema.shape.high,
  Low: dayQuoteSchema.shape.low,
  Volume: dayQuoteSchema.shape.volume,
});
export type ForexQuotations = z.infer<typeof forexQuotationsSchema>;

export function toForexQuotations(q: DayQuote): ForexQuotations {
  return { Open: q.open, Close: q.close, Change: q.change, High: q.high, Low: q.low, Volume: q.volume };
}

export function fromForexQuotations(q: ForexQuotations): DayQuote {
  return { open: q.Open, close: q.Close, change: q.Change, high: q.High, low: q.Low, volume: q.Volume };
}

export const leverageOptionSchema = z.object({ Value: z.number().int().positive() });

export const tradeSymbolSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  ShowCode: z.string(),
  /** Path of the symbol's logo on this server, e.g. `/logos/EURUSD.webp`. */
  Logo: z.string(),
  CategoryId: z.number().int(),
  MarketStatus: z.number().int(),
  /**
   * When MarketStatus next flips, in Unix ms: the coming close of an open market, the coming
   * opening of a closed one (from the symbol's market hours); null for a market that never closes.
   */
  MarketChangeST: z.number().int().nullable(),
  PricePrecision: z.number().int(),
  /** Quantity step in lots, e.g. "0.01". */
  Pip: decimalString,
  ForexMinCont: decimalString,
  /** Units per lot. */
  ForexContNum: decimalString,
  ForexFeeRate: decimalString,
  /** Fill price = market price moved against the user by this much (decisions.md). */
  Spread: decimalString,
  MarginMode: z.number().int(),
  /** Leverage options; empty means "no mult config" (no order can be placed). */
  HasForexMultiple: z.array(leverageOptionSchema),
  ForexQuotations: forexQuotationsSchema,
});
export type TradeSymbol = z.infer<typeof tradeSymbolSchema>;

export const categorySchema = z.object({
  Id: z.number().int(),
  /** The category's name in the request's language (`lang` header). */
  NameShowTrans: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const klineQuery = z.object({
  forex_id: idField,
  period: klinePeriodInput,
  ...ignoredT,
});

/** One candle; Time is the candle's start in Unix seconds (buckets aligned in Asia/Bangkok). */
export const klinePointSchema = z.object({
  Time: z.number().int(),
  Open: decimalString,
  High: decimalString,
  Low: decimalString,
  Close: decimalString,
  Volume: decimalString,
});
export type KlinePoint = z.infer<typeof klinePointSchema>;

/** Up to this many bars, oldest first. */
export const KLINE_MAX_BARS = 500;

/** The small series of the home cards' area charts: the last closes of the 15-minute candles by default. */
export const ABBREVIATED_KLINE_PERIOD: KlinePeriod = 15;
export const abbreviatedKlineQuery = z.object({ forex_id: optionalInt(idField), period: klinePeriodInput.default(ABBREVIATED_KLINE_PERIOD), ...ignoredT });
export const ABBREVIATED_KLINE_POINTS = 60;
export const abbreviatedKlineSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  /** The period's name, as in the KLINE.<Code> push (decisions.md "Kline periods"). */
  Period: z.enum(Object.values(KLINE_PERIOD_NAMES) as [KlinePeriodName, ...KlinePeriodName[]]),
  /** Oldest first. */
  Kline: z.array(z.object({ Time: z.number().int(), Close: decimalString })),
});
export type AbbreviatedKline = z.infer<typeof abbreviatedKlineSchema>;

export const currencySearchQuery = z.object({ searchCurrency: text.trim().max(32).default(''), ...ignoredT });
export const currencySearchItemSchema = z.object({
  Id: z.number().int(),
  ShowCode: z.string(),
  ForexQuotations: z.object({ Close: decimalString }),
});
export type CurrencySearchItem = z.infer<typeof currencySearchItemSchema>;

/**
 * The caller's watchlist: the Ids of the trade symbols they starred, in the order they starred
 * them. A symbol staff have disabled is left out while it is disabled.
 */
export const watchlistSchema = z.array(z.number().int());
export type Watchlist = z.infer<typeof watchlistSchema>;
/** Star or unstar one symbol (`forex_id`, as every market endpoint names a symbol). */
export const watchlistChangeInput = z.object({ forex_id: idField, ...ignoredT });

export const companySearchQuery = z.object({ name: text.trim().max(64).default(''), ...ignoredT });

/** Websocket push on `DAY_MARKET`: one symbol's 24-hour quote. */
export interface DayMarketPush extends DayQuote {
  type: 'DAY_MARKET';
  symbol: string;
}

/** Websocket push on `KLINE.<Code>`: the current candle of one period; Time in Unix seconds. */
export interface KlinePush {
  type: `KLINE.${string}`;
  Period: KlinePeriodName;
  Open: string;
  High: string;
  Low: string;
  Close: string;
  Volume: string;
  Time: number;
}
