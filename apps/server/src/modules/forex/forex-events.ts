import type { BusEventName } from '@tp/contracts';
import type { Bus } from '../../realtime/bus.js';
import { publishBusEvent, publishPush } from '../../realtime/typed-bus.js';

/**
 * Internal bus topic, published after commit whenever an HTTP action opens, closes, cancels or
 * changes a user's forex order (money moved on the contract account comes as `balance.changed`
 * through the event outbox instead). The trigger engine (in whichever process runs it; the bus is Redis when there
 * are several) re-reads that user's open orders and contract account from the database and
 * re-indexes them - and stops the user out at once if the risk rate is now at the level. The event
 * carries only the user: the database stays the truth. Never delivered to websockets (not a known
 * topic there).
 */
export const FOREX_ORDER_CHANGED = 'forex.order_changed' satisfies BusEventName;

export function publishOrderChanged(bus: Bus, userId: number): void {
  publishBusEvent(bus, FOREX_ORDER_CHANGED, { userId });
}

/** FOREX_CLOSED to the user's own sockets: the ids that just left the open lists. */
export function publishClosed(bus: Bus, userId: number, ids: readonly number[]): void {
  if (ids.length > 0) publishPush(bus, 'FOREX_CLOSED', { id: [...ids] }, userId);
}
