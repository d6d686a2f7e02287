import { defineModule } from '../define-module.js';
import { marketRoutes } from './market.routes.js';
import { marketAdminRoutes } from './market-admin.routes.js';

/** Quotes, candles and symbol data over HTTP; the engine publishes DAY_MARKET and KLINE itself. */
export const marketModule = defineModule({
  name: 'market',
  routes: marketRoutes,
  adminRoutes: marketAdminRoutes,
  publishes: ['config.changed'],
  consumes: ['config.changed'],
});
export { lastTicks, type SymbolLastTick } from './last-ticks.js';
