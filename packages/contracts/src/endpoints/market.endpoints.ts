import { z } from 'zod';
import { text } from '../form-fields.js';
import { access, defineEndpoint, FILE_OUTPUT } from './define-endpoint.js';
import { ignoredT } from '../envelope.js';
import { companySchema } from '../settings.js';
import {
  abbreviatedKlineQuery,
  abbreviatedKlineSchema,
  categorySchema,
  companySearchQuery,
  currencySearchItemSchema,
  currencySearchQuery,
  klinePointSchema,
  klineQuery,
  tradeSymbolSchema,
  watchlistChangeInput,
  watchlistSchema,
} from '../market.js';

const tags = ['market'];
const noInput = z.object(ignoredT);
const publicRead = { methods: ['GET'], access: access.public, idempotent: false } as const;

export const marketEndpoints = {
  tradeList: defineEndpoint({ summary: 'The trade symbols with their latest prices', ...publicRead, tags, path: '/v2/api/forex/trade_list', input: noInput, output: z.array(tradeSymbolSchema) }),
  categories: defineEndpoint({ summary: 'The symbol categories of the market screen', ...publicRead, tags, path: '/v2/api/forex/getCategories', input: noInput, output: z.array(categorySchema) }),
  kline: defineEndpoint({ summary: 'Candles of a symbol for a period', ...publicRead, tags, path: '/v2/api/forex/kline', input: klineQuery, output: z.array(klinePointSchema) }),
  abbreviatedKline: defineEndpoint({ summary: 'Small price charts of the symbols for the market list', ...publicRead, tags, path: '/v2/api/forex/abbreviated_cache_kline', input: abbreviatedKlineQuery, output: z.array(abbreviatedKlineSchema) }),
  searchCurrency: defineEndpoint({ summary: 'Search the trade symbols by name or code', ...publicRead, tags, path: '/v2/api/forex/search', input: currencySearchQuery, output: z.array(currencySearchItemSchema) }),
  searchCompany: defineEndpoint({ summary: 'Search the companies by name', ...publicRead, tags: ['general'], path: '/api/company/search', input: companySearchQuery, output: z.array(companySchema) }),
  /** The caller's starred symbols (demo accounts keep one too; a visitor's stays on the device). */
  watchlist: defineEndpoint({ summary: "The caller's starred symbols", methods: ['GET'], access: access.user, idempotent: false, tags, path: '/v2/api/forex/watchlist', input: noInput, output: watchlistSchema }),
  /** Stars a symbol; starring it again changes nothing. Answers the watchlist as it now is. */
  watchlistAdd: defineEndpoint({ summary: 'Star a symbol; answers the watchlist as it now is', methods: ['POST'], access: access.user, idempotent: false, tags, path: '/v2/api/forex/watchlist/add', input: watchlistChangeInput, output: watchlistSchema }),
  /** Unstars a symbol; one not starred changes nothing. Answers the watchlist as it now is. */
  watchlistRemove: defineEndpoint({ summary: 'Unstar a symbol; answers the watchlist as it now is', methods: ['POST'], access: access.user, idempotent: false, tags, path: '/v2/api/forex/watchlist/remove', input: watchlistChangeInput, output: watchlistSchema }),
  /** A symbol's shipped SVG logo (`Logo` of a trade symbol). */
  logo: defineEndpoint({ summary: "A symbol's logo", ...publicRead, tags, path: '/logos/:file', params: z.object({ file: text.max(40) }), output: FILE_OUTPUT, fileTypes: ['image/svg+xml'], hidden: true }),
};
