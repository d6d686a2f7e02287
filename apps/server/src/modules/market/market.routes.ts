import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  abbreviatedKlineQuery,
  abbreviatedKlineSchema,
  categorySchema,
  companySchema,
  companySearchQuery,
  currencySearchItemSchema,
  currencySearchQuery,
  ignoredT,
  klinePointSchema,
  klineQuery,
  tradeSymbolSchema,
} from '@tp/contracts';
import { REPO_ROOT } from '../../config.js';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { QuoteBoard } from './quote-board.js';
import { createMarketService } from './market.service.js';

export const LOGO_DIR = path.join(REPO_ROOT, 'apps/server/assets/logos');

/** The shipped logos, read once: a fixed set of small files, served from memory. */
function loadLogos(): Map<string, Buffer> {
  const logos = new Map<string, Buffer>();
  if (!fs.existsSync(LOGO_DIR)) return logos;
  for (const file of fs.readdirSync(LOGO_DIR)) if (/^[A-Z0-9]{2,16}\.svg$/.test(file)) logos.set(file, fs.readFileSync(path.join(LOGO_DIR, file)));
  return logos;
}

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['market'];
  const board = new QuoteBoard(app.bus);
  app.addHook('onClose', async () => board.close());
  const market = createMarketService(app.db, board);
  const logos = loadLogos();
  const noInput = z.object(ignoredT);

  app.get('/v2/api/forex/trade_list', { schema: { tags, querystring: noInput, response: { 200: envelopeSchema(z.array(tradeSymbolSchema)) } } }, async (req) =>
    okEnvelope(req.lang, await market.tradeList()),
  );

  app.get('/v2/api/forex/getCategories', { schema: { tags, querystring: noInput, response: { 200: envelopeSchema(z.array(categorySchema)) } } }, async (req) =>
    okEnvelope(req.lang, await market.categories(req.lang)),
  );

  app.get('/v2/api/forex/kline', { schema: { tags, querystring: klineQuery, response: { 200: envelopeSchema(z.array(klinePointSchema)) } } }, async (req) =>
    okEnvelope(req.lang, await market.kline(req.query.forex_id, req.query.period)),
  );

  app.get(
    '/v2/api/forex/abbreviated_cache_kline',
    { schema: { tags, querystring: abbreviatedKlineQuery, response: { 200: envelopeSchema(z.array(abbreviatedKlineSchema)) } } },
    async (req) => okEnvelope(req.lang, await market.abbreviated(req.query.forex_id)),
  );

  app.get('/v2/api/forex/search', { schema: { tags, querystring: currencySearchQuery, response: { 200: envelopeSchema(z.array(currencySearchItemSchema)) } } }, async (req) =>
    okEnvelope(req.lang, await market.searchCurrency(req.query.searchCurrency)),
  );

  app.get('/api/company/search', { schema: { tags: ['general'], querystring: companySearchQuery, response: { 200: envelopeSchema(z.array(companySchema)) } } }, async (req) =>
    okEnvelope(req.lang, await market.searchCompanies(req.query.name)),
  );

  app.get('/logos/:file', { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } }, async (req, reply) => {
    const logo = logos.get(req.params.file);
    if (!logo) return reply.callNotFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(logo);
  });
};
