import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { REPO_ROOT } from '../../config.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
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
  const board = new QuoteBoard(app.bus);
  app.addHook('onClose', async () => board.close());
  const market = createMarketService(app.db, board);
  // Staff changed the symbols (admin console): the next read sees it, not a cached copy.
  const unsubscribe = app.bus.subscribe((m) => {
    if (m.topic === 'config.changed' && m.payload.area === 'symbols') market.forgetCached();
  });
  app.addHook('onClose', async () => unsubscribe());
  const logos = loadLogos();
  const e = endpoints.market;

  route(app, e.tradeList, async ({ req }) => okEnvelope(req.lang, await market.tradeList()));

  route(app, e.categories, async ({ req }) => okEnvelope(req.lang, await market.categories(req.lang)));

  route(app, e.kline, async ({ req, input }) => okEnvelope(req.lang, await market.kline(input.forex_id, input.period)));

  route(app, e.abbreviatedKline, async ({ req, input }) => okEnvelope(req.lang, await market.abbreviated(input.forex_id, input.period)));

  route(app, e.searchCurrency, async ({ req, input }) => okEnvelope(req.lang, await market.searchCurrency(input.searchCurrency)));

  route(app, e.searchCompany, async ({ req, input }) => okEnvelope(req.lang, await market.searchCompanies(input.name)));

  route(app, e.logo, async ({ reply, params }) => {
    const logo = logos.get(params.file);
    if (!logo) return reply.callNotFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(logo);
  });
};
