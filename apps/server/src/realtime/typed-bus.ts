import { klineTopic, type BusEventName, type BusEventPayload, type ClientPushName, type ClientPushPayload } from '@tp/contracts';
import type { Bus, BusMessage } from './bus.js';

/*
 * The typed doors to the bus: a payload that does not match its contract (contracts/events.ts) is
 * a compile error here. Nothing is validated at run time - DAY_MARKET and KLINE are the hot tick
 * path - so these build plain messages and nothing more.
 */

type NamedPush = Exclude<ClientPushName, 'KLINE'>;

/** A client push as a bus message (for publishBatch); userId makes it private to that user. */
export function pushMessage<N extends NamedPush>(name: N, payload: ClientPushPayload<N>, userId?: number): BusMessage {
  return userId === undefined ? { topic: name, payload } : { topic: name, payload, userId };
}

/** The KLINE push of one symbol (topic KLINE.<Code>). */
export function klineMessage(code: string, payload: ClientPushPayload<'KLINE'>): BusMessage {
  return { topic: klineTopic(code), payload };
}

export function publishPush<N extends NamedPush>(bus: Bus, name: N, payload: ClientPushPayload<N>, userId?: number): void {
  bus.publish(name, payload, userId);
}

/** An internal bus event (after commit, best effort; never reaches a socket: not a known topic). */
export function publishBusEvent<N extends BusEventName>(bus: Bus, name: N, payload: BusEventPayload<N>): void {
  bus.publish(name, payload);
}
