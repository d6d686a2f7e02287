import { combineRoutes, defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { microRoutes } from './micro.routes.js';
import { microAdminReadRoutes } from './micro-admin-reads.routes.js';
import { microAdminRoutes } from './micro-admin.routes.js';
import { createMicroSettler } from './micro-settler.js';
import { MICRO_ORDER_CREATED, MICRO_SETTLED } from './micro-settlement.js';
import { heldByRunningOrders } from './micro.repository.js';
import { ACCOUNT_TYPES } from '@tp/contracts';

export const microModule = defineModule({
  name: 'micro',
  routes: microRoutes,
  // A user's options on the user's page of the admin console (read only), and the configuration of seconds options and amount presets.
  adminRoutes: combineRoutes(microAdminReadRoutes, microAdminRoutes),
  // The settler also brings its sweep job (micro.sweep, on the engine's scheduler): it needs the settler's queue.
  tickConsumers: [createMicroSettler],
  ledgerKinds: [LEDGER_KINDS.microStake, LEDGER_KINDS.microSettlement],
  publishes: [MICRO_ORDER_CREATED, MICRO_SETTLED, 'config.changed'],
  consumes: [MICRO_ORDER_CREATED],
  // A running option's stake is held on the options account until it settles.
  holds: async (db) => (await heldByRunningOrders(db)).map((r) => ({ userId: r.user_id, accountType: ACCOUNT_TYPES.micro, amount: r.amount })),
});

export { runningOrdersBySymbol, voidRunningOrders } from './micro.repository.js';
