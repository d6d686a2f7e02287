import { access, defineEndpoint } from './define-endpoint.js';
import { alertCancelInput, alertCreateInput, alertListQuery, priceAlertPageSchema, priceAlertSchema } from '../alerts.js';

const tags = ['alert'];
/** Demo accounts may set alerts too: they watch prices, they move no money. */
const user = { access: access.user, idempotent: false, tags } as const;

export const alertsEndpoints = {
  create: defineEndpoint({ summary: 'Set a price alert on a symbol: above or below a price, fired once', ...user, methods: ['POST'], path: '/api/alert/create', input: alertCreateInput, output: priceAlertSchema }),
  list: defineEndpoint({ summary: "The caller's price alerts (paged), waiting ones first", ...user, methods: ['GET'], path: '/api/alert/list', input: alertListQuery, output: priceAlertPageSchema }),
  cancel: defineEndpoint({ summary: 'Cancel a waiting price alert', ...user, methods: ['POST'], path: '/api/alert/cancel', input: alertCancelInput, output: priceAlertSchema }),
};
