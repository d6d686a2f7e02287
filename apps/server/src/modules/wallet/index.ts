import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { walletRoutes } from './wallet.routes.js';

export const walletModule = defineModule({
  name: 'wallet',
  routes: walletRoutes,
  ledgerKinds: [LEDGER_KINDS.transfer],
  // Written to the event outbox in each transfer's transaction (the forex engine re-reads the user).
  publishes: ['balance.changed'],
});

export { WIRE_PLACES } from './wallet.service.js';
