import { defineModule } from '../define-module.js';
import { alertEngineFactory } from './alert-engine.js';
import { alertsRoutes } from './alerts.routes.js';

/** Price alerts: set over HTTP, fired once by the engine on the first stored tick that reaches them. */
export const alertsModule = defineModule({
  name: 'alerts',
  routes: alertsRoutes,
  tickConsumers: [alertEngineFactory()],
  publishes: ['price_alert.changed', 'notification.requested'],
  consumes: ['price_alert.changed'],
});
