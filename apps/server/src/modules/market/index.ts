import { defineModule } from '../define-module.js';
import { marketRoutes } from './market.routes.js';

/** Quotes, candles and symbol data over HTTP; the engine publishes DAY_MARKET and KLINE itself. */
export const marketModule = defineModule({ name: 'market', routes: marketRoutes });
export { lastTicks, type SymbolLastTick } from './last-ticks.js';
