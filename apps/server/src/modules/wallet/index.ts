import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { FOREX_ORDER_CHANGED } from '../forex/index.js';
import { walletRoutes } from './wallet.routes.js';

export const walletModule = defineModule({
  name: 'wallet',
  routes: walletRoutes,
  ledgerKinds: [LEDGER_KINDS.transfer],
  // A transfer into or out of the contract account changes the forex risk rate.
  publishes: [FOREX_ORDER_CHANGED],
});

export { WIRE_PLACES } from './wallet.service.js';
