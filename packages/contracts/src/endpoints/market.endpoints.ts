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
  tradeList: defineEndpoint({ ...publicRead, tags, path: '/v2/api/forex/trade_list', input: noInput, output: z.array(tradeSymbolSchema) }),
  categories: defineEndpoint({ ...publicRead, tags, path: '/v2/api/forex/getCategories', input: noInput, output: z.array(categorySchema) }),
  kline: defineEndpoint({ ...publicRead, tags, path: '/v2/api/forex/kline', input: klineQuery, output: z.array(klinePointSchema) }),
  abbreviatedKline: defineEndpoint({ ...publicRead, tags, path: '/v2/api/forex/abbreviated_cache_kline', input: abbreviatedKlineQuery, output: z.array(abbreviatedKlineSchema) }),
  searchCurrency: defineEndpoint({ ...publicRead, tags, path: '/v2/api/forex/search', input: currencySearchQuery, output: z.array(currencySearchItemSchema) }),
  searchCompany: defineEndpoint({ ...publicRead, tags: ['general'], path: '/api/company/search', input: companySearchQuery, output: z.array(companySchema) }),
  /** The caller's starred symbols (demo accounts keep one too; a visitor's stays on the device). */
  watchlist: defineEndpoint({ methods: ['GET'], access: access.user, idempotent: false, tags, path: '/v2/api/forex/watchlist', input: noInput, output: watchlistSchema }),
  /** Stars a symbol; starring it again changes nothing. Answers the watchlist as it now is. */
  watchlistAdd: defineEndpoint({ methods: ['POST'], access: access.user, idempotent: false, tags, path: '/v2/api/forex/watchlist/add', input: watchlistChangeInput, output: watchlistSchema }),
  /** Unstars a symbol; one not starred changes nothing. Answers the watchlist as it now is. */
  watchlistRemove: defineEndpoint({ methods: ['POST'], access: access.user, idempotent: false, tags, path: '/v2/api/forex/watchlist/remove', input: watchlistChangeInput, output: watchlistSchema }),
  /** A symbol's shipped SVG logo (`Logo` of a trade symbol). */
  logo: defineEndpoint({ ...publicRead, tags, path: '/logos/:file', params: z.object({ file: text.max(40) }), output: FILE_OUTPUT, hidden: true }),
};
