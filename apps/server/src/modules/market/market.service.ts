import {
  ABBREVIATED_KLINE_PERIOD,
  ABBREVIATED_KLINE_POINTS,
  KLINE_MAX_BARS,
  klinePeriodName,
  MARKET_CLOSED,
  MARKET_OPEN,
  toForexQuotations,
  type AbbreviatedKline,
  type Category,
  type CurrencySearchItem,
  type ForexQuotations,
  type KlinePeriod,
  type KlinePoint,
  type Lang,
  type TradeSymbol,
} from '@tp/contracts';
import { Decimal, isMarketOpen, nextMarketChange } from '@tp/domain';
import type { Db } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { changePercent } from '../../engine/symbol-book.js';
import type { QuoteBoard } from './quote-board.js';
import * as repo from './market.repository.js';

const STORED_QUOTES_TTL_MS = 1_000;
const ABBREVIATED_TTL_MS = 5_000;
const COMPANY_SEARCH_LIMIT = 50;

const plain = (v: string) => new Decimal(v).toFixed();
const price = (v: string, precision: number) => new Decimal(v).toFixed(precision);

export interface MarketService {
  categories(lang: Lang): Promise<Category[]>;
  tradeList(): Promise<TradeSymbol[]>;
  kline(forexId: number, period: number): Promise<KlinePoint[]>;
  abbreviated(forexId: number | undefined, period?: KlinePeriod): Promise<AbbreviatedKline[]>;
  searchCurrency(text: string): Promise<CurrencySearchItem[]>;
  searchCompanies(name: string): Promise<Awaited<ReturnType<typeof repo.searchCompanies>>>;
  /** The user's starred symbols (enabled ones), in the order starred. */
  watchlist(userId: number): Promise<number[]>;
  /** Stars an enabled symbol (refused as not_found otherwise); answers the watchlist. */
  star(userId: number, forexId: number): Promise<number[]>;
  /** Unstars a symbol, starred or not; answers the watchlist. */
  unstar(userId: number, forexId: number): Promise<number[]>;
  /** Drops the cached reads (symbols changed in the admin console). */
  forgetCached(): void;
}

/**
 * Market reads. Quotes come from the bus (QuoteBoard) when this process has heard a push for the
 * symbol, else from the stored candles, so every process answers the same whether or not it runs
 * the engine. Small caches keep the home page's polling off the database.
 */
/**
 * `now` times the small caches; `marketNow` is the clock market hours are read at (the app's
 * clock, as orders are checked at: a test that sets it to a weekend sees forex closed).
 */
export function createMarketService(db: Db, board: QuoteBoard, now: () => number = Date.now, marketNow: () => number = now): MarketService {
  let storedQuotes: { at: number; rows: Map<number, repo.StoredQuoteRow> } | undefined;
  // One cached series per period asked for (six at most).
  const abbreviatedCache = new Map<KlinePeriod, { at: number; rows: AbbreviatedKline[] }>();

  async function stored(): Promise<Map<number, repo.StoredQuoteRow>> {
    if (storedQuotes && now() - storedQuotes.at < STORED_QUOTES_TTL_MS) return storedQuotes.rows;
    const rows = new Map((await repo.storedQuotes(db)).map((r) => [r.symbol_id, r]));
    storedQuotes = { at: now(), rows };
    return rows;
  }

  function quotations(s: repo.SymbolRow, fromDb: repo.StoredQuoteRow | undefined): ForexQuotations {
    const live = board.get(s.code);
    if (live) return toForexQuotations(live);
    const p = s.price_precision;
    if (fromDb) {
      const open = price(fromDb.open, p);
      const close = price(fromDb.close, p);
      return { Open: open, Close: close, Change: changePercent(open, close), High: price(fromDb.high, p), Low: price(fromDb.low, p), Volume: plain(fromDb.volume) };
    }
    const initial = price(s.initial_price, p);
    return { Open: initial, Close: initial, Change: '0.00', High: initial, Low: initial, Volume: '0' };
  }

  async function findSymbol(forexId: number): Promise<repo.SymbolRow> {
    const symbol = (await repo.listSymbols(db)).find((s) => s.id === forexId);
    if (!symbol) refuse('not_found');
    return symbol;
  }

  return {
    async categories(lang) {
      const rows = await repo.listCategories(db);
      return rows.map((c) => ({ Id: c.id, NameShowTrans: c.names[lang] ?? c.names.en ?? c.code }));
    },

    async tradeList() {
      const [symbols, quotes] = await Promise.all([repo.listSymbols(db), stored()]);
      const at = marketNow();
      return symbols.map((s) => ({
        Id: s.id,
        Code: s.code,
        ShowCode: s.show_code,
        Logo: s.logo,
        CategoryId: s.category_id,
        MarketStatus: isMarketOpen(s.schedule, at) ? MARKET_OPEN : MARKET_CLOSED,
        MarketChangeST: nextMarketChange(s.schedule, at),
        PricePrecision: s.price_precision,
        Pip: plain(s.pip),
        ForexMinCont: plain(s.min_cont),
        ForexContNum: plain(s.cont_num),
        ForexFeeRate: plain(s.fee_rate),
        Spread: plain(s.spread),
        MarginMode: s.margin_mode,
        HasForexMultiple: s.leverages.map((Value) => ({ Value })),
        ForexQuotations: quotations(s, quotes.get(s.id)),
      }));
    },

    async kline(forexId, period) {
      const symbol = await findSymbol(forexId);
      const rows = await repo.recentCandles(db, symbol.id, period, KLINE_MAX_BARS);
      const p = symbol.price_precision;
      return rows.reverse().map((r) => ({
        Time: Math.floor(r.time.getTime() / 1000),
        Open: price(r.open, p),
        High: price(r.high, p),
        Low: price(r.low, p),
        Close: price(r.close, p),
        Volume: plain(r.volume),
      }));
    },

    async abbreviated(forexId, period = ABBREVIATED_KLINE_PERIOD) {
      let cached = abbreviatedCache.get(period);
      if (!cached || now() - cached.at >= ABBREVIATED_TTL_MS) {
        const symbols = await repo.listSymbols(db);
        const closes = await repo.recentCloses(db, symbols.map((s) => s.id), period, ABBREVIATED_KLINE_POINTS);
        const bySymbol = new Map<number, { Time: number; Close: string }[]>();
        const precision = new Map(symbols.map((s) => [s.id, s.price_precision]));
        for (const r of closes) {
          let list = bySymbol.get(r.symbol_id);
          if (!list) bySymbol.set(r.symbol_id, (list = []));
          list.push({ Time: Math.floor(r.time.getTime() / 1000), Close: price(r.close, precision.get(r.symbol_id) ?? 8) });
        }
        const rows = symbols.map((s) => ({
          Id: s.id,
          Code: s.code,
          Period: klinePeriodName(period),
          Kline: (bySymbol.get(s.id) ?? []).sort((a, b) => a.Time - b.Time),
        }));
        cached = { at: now(), rows };
        abbreviatedCache.set(period, cached);
      }
      if (forexId === undefined) return cached.rows;
      const one = cached.rows.find((r) => r.Id === forexId);
      if (!one) refuse('not_found');
      return [one];
    },

    async searchCurrency(text) {
      const needle = text.trim().toUpperCase();
      const compact = needle.replace(/[\s/]/g, '');
      const list = await this.tradeList();
      return list
        .filter((s) => needle === '' || s.Code.toUpperCase().includes(compact) || s.ShowCode.toUpperCase().includes(needle))
        .map((s) => ({ Id: s.Id, ShowCode: s.ShowCode, ForexQuotations: { Close: s.ForexQuotations.Close } }));
    },

    searchCompanies(name) {
      return repo.searchCompanies(db, name.trim(), COMPANY_SEARCH_LIMIT);
    },

    watchlist(userId) {
      return repo.watchlist(db, userId);
    },

    async star(userId, forexId) {
      if (!(await repo.symbolEnabled(db, forexId))) refuse('not_found');
      await repo.addToWatchlist(db, userId, forexId);
      return repo.watchlist(db, userId);
    },

    async unstar(userId, forexId) {
      await repo.removeFromWatchlist(db, userId, forexId);
      return repo.watchlist(db, userId);
    },

    forgetCached() {
      storedQuotes = undefined;
      abbreviatedCache.clear();
    },
  };
}
