import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { REPO_ROOT } from '../../config.js';
import { currentUser } from '../../http/auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { QuoteBoard } from './quote-board.js';
import { createMarketService } from './market.service.js';

export const LOGO_DIR = path.join(REPO_ROOT, 'apps/server/assets/logos');

const LOGO_TYPES = { svg: 'image/svg+xml', webp: 'image/webp' } as const;
const LOGO_FILE = /^[A-Z0-9]{2,16}\.(svg|webp)$/;

/**
 * The shipped logos, read once: a fixed set of small files, served from memory. The symbols point
 * at the WebP renderings (decoded off the page's main thread); the SVG sources stay served for
 * links staff or older data keep.
 */
function loadLogos(): Map<string, { body: Buffer; type: string }> {
  const logos = new Map<string, { body: Buffer; type: string }>();
  if (!fs.existsSync(LOGO_DIR)) return logos;
  for (const file of fs.readdirSync(LOGO_DIR)) {
    const ext = LOGO_FILE.exec(file)?.[1] as keyof typeof LOGO_TYPES | undefined;
    if (ext) logos.set(file, { body: fs.readFileSync(path.join(LOGO_DIR, file)), type: LOGO_TYPES[ext] });
  }
  return logos;
}

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const board = new QuoteBoard(app.bus);
  app.addHook('onClose', async () => board.close());
  // The app's clock decides market hours (MarketStatus), as it does for orders.
  const market = createMarketService(app.db, board, Date.now, () => app.now());
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

  route(app, e.watchlist, async ({ req }) => okEnvelope(req.lang, await market.watchlist(currentUser(req).id)));

  route(app, e.watchlistAdd, async ({ req, input }) => okEnvelope(req.lang, await market.star(currentUser(req).id, input.forex_id)));

  route(app, e.watchlistRemove, async ({ req, input }) => okEnvelope(req.lang, await market.unstar(currentUser(req).id, input.forex_id)));

  route(app, e.logo, async ({ reply, params }) => {
    const logo = logos.get(params.file);
    if (!logo) return reply.callNotFound();
    return reply.type(logo.type).header('cache-control', 'public, max-age=86400').send(logo.body);
  });
};
