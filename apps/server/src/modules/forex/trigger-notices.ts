import { FOREX_CLOSE_TYPE, FOREX_DEAL_TAB } from '@tp/contracts';
import type { NotificationRequest } from '../notifications/index.js';
import type * as repo from './forex.repository.js';
import type { CoreEffect } from './trigger-core.js';

/** Why the engine closed an order, as notifications word it (decisions.md: stop loss, take profit, stop-out). */
const REASON_OF_CLOSE: Record<number, string> = {
  [FOREX_CLOSE_TYPE.stopOut]: 'stop_out',
  [FOREX_CLOSE_TYPE.takeProfit]: 'take_profit',
  [FOREX_CLOSE_TYPE.stopLoss]: 'stop_loss',
};

/**
 * What the user is told of an engine fill or close, from what the write answered: no read. The
 * symbol goes by id; the notification's consumer names it off the trading path.
 */
export function triggerNotice(e: CoreEffect, row: repo.OrderRow): NotificationRequest | undefined {
  if (e.type === 'fill') {
    return { userId: row.user_id, kind: 'order_filled', params: { id: row.id, symbol_id: row.symbol_id, price: row.price }, link: `/order?source=0&type=${FOREX_DEAL_TAB.holding}` };
  }
  const reason = REASON_OF_CLOSE[e.closeType];
  if (!reason) return undefined;
  return {
    userId: row.user_id,
    kind: 'order_closed',
    params: { id: row.id, symbol_id: row.symbol_id, reason, profit: row.fact_profits ?? '0' },
    link: `/order?source=0&type=${FOREX_DEAL_TAB.history}`,
  };
}
