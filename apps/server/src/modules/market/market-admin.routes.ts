import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import { listSymbolsForAdmin, updateSymbolConfig } from './symbol-config.js';

/** Symbol configuration (admin console). No create and no delete: symbols are kept (migration 0007). */
export const marketAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.adminConfig;

  route(app, e.symbols, async ({ req }) => okEnvelope(req.lang, await listSymbolsForAdmin(app.db)));

  route(app, e.updateSymbol, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const symbol = await app.db.transaction().execute((trx) => updateSymbolConfig(trx, adminId, params.id, input));
    // After commit: the engine leader starts or stops the symbol's feed, every node drops its cached symbol reads.
    publishBusEvent(app.bus, 'config.changed', { area: 'symbols' });
    return okEnvelope(req.lang, symbol, 'config_saved');
  });
};
