import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { defineModule } from '../define-module.js';
import { dashboard } from './dashboard.js';
import { registerBusinessMetrics } from './business-metrics.js';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same reads, for Prometheus (GET /metrics): queues, lags, lease, exposure.
  if (app.hasDecorator('metricsRegistry')) registerBusinessMetrics(app.db, app.metricsRegistry);
  route(app, endpoints.adminOps.dashboard, async ({ req }) =>
    okEnvelope(req.lang, await dashboard(app.db, { now: new Date(), feedStaleMs: app.config.market.feedStaleMs, engine: app.engineStatus() })),
  );
};

/**
 * The admin console's dashboard: a read across users, deposits, withdrawals, forex, the ledger,
 * the market and the engine. It owns no table and writes nothing; it sits above the modules it
 * reads so none of them has to know about it.
 */
export const dashboardModule = defineModule({ name: 'dashboard', adminRoutes: dashboardRoutes });
