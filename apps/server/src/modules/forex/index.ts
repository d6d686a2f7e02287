import { defineModule } from '../define-module.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { forexRoutes } from './forex.routes.js';
import { forexAdminRoutes } from './forex-admin-reads.routes.js';
import { forexEngineFactory } from './forex-engine.js';
import { FOREX_ORDER_CHANGED } from './forex-events.js';
import { heldByOpenOrders } from './forex.repository.js';
import { ACCOUNT_TYPES } from '@tp/contracts';

export const forexModule = defineModule({
  name: 'forex',
  routes: forexRoutes,
  // A user's forex orders on the user's page of the admin console (read only).
  adminRoutes: forexAdminRoutes,
  tickConsumers: [forexEngineFactory()],
  ledgerKinds: [LEDGER_KINDS.forexOpen, LEDGER_KINDS.forexClose, LEDGER_KINDS.forexCancel, LEDGER_KINDS.forexNegativeBalance],
  publishes: [FOREX_ORDER_CHANGED, 'FOREX_TRADE', 'FOREX_CLOSED', 'FOREX_FOLLOW_TRADE'],
  // balance.changed comes from the event outbox; its handler is part of the trigger engine (tick consumer).
  // ticks.stored, session.revoked and config.changed also keep the submit's kept context current (submit-context.ts).
  consumes: [FOREX_ORDER_CHANGED, 'balance.changed', 'config.changed', 'ticks.stored', 'session.revoked'],
  // A pending or open order's margin (copies included: they are the follower's orders) is held on the contract account.
  holds: async (db) => (await heldByOpenOrders(db)).map((r) => ({ userId: r.user_id, accountType: ACCOUNT_TYPES.forex, amount: r.amount })),
});

export { closeAllOpen } from './forex.service.js';
export { openInterestBySymbol } from './forex-exposure.js';
export { FOREX_ORDER_CHANGED, publishClosed, publishOrderChanged } from './forex-events.js';
export { openOrdersBySymbol } from './forex.repository.js';
export { registerCopyTrading, type CopyTradingHooks } from './copy-hooks.js';
export { publishCopyTrades, copyChangesOfIds, type CopyTradeChange } from './copy-pushes.js';
export { closePosition, contractAccount, houseAccounts } from './position-closer.js';
export { FEE_SHARDS, feeShardCode } from './fee-shards.js';
export { orderDtos, wirePrice, toOrderDto } from './forex.service.js';
export type { OrderRow } from './forex.repository.js';
export { ForexEngine } from './forex-engine.js';
export { closeOrderFor, placeOrderFor } from './orders-for-user.js';
