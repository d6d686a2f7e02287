import { klineTopic, type BusEventName, type BusEventPayload, type ClientPushName, type ClientPushPayload } from '@tp/contracts';
import type { Bus, BusMessage } from './bus.js';

/*
 * The typed doors to the bus: a payload that does not match its contract (contracts/events.ts) is
 * a compile error here. Nothing is validated at run time. The tick path (DAY_MARKET, KLINE in the
 * market engine) types its literals with `satisfies` instead, keeping them plain.
 */

type NamedPush = Exclude<ClientPushName, 'KLINE'>;

/** A client push to one user's sockets, as a bus message. */
export function privatePushMessage<N extends NamedPush>(name: N, payload: ClientPushPayload<N>, userId: number): BusMessage {
  return { topic: name, payload, userId };
}

/** The topic of one symbol's KLINE pushes. */
export type KlineTopic = ReturnType<typeof klineTopic>;

export function publishPush<N extends NamedPush>(bus: Bus, name: N, payload: ClientPushPayload<N>, userId?: number): void {
  bus.publish(name, payload, userId);
}

/** An internal bus event (after commit, best effort; never reaches a socket: not a known topic). */
export function publishBusEvent<N extends BusEventName>(bus: Bus, name: N, payload: BusEventPayload<N>): void {
  bus.publish(name, payload);
}
