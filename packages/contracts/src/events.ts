import { z } from 'zod';
import { forexClosedPushSchema, forexTradePushSchema } from './forex.js';
import { forexFollowTradePushSchema } from './follow.js';
import type { DayMarketPush, KlinePush } from './market.js';
import { KLINE_PERIOD_NAMES, type KlinePeriodName } from './market-constants.js';
import type { MicroSettledPush } from './micro.js';
import { supportChatPushSchema, supportStaffPushSchema } from './support.js';
import { notificationKindSchema, notificationSchema } from './notifications.js';

/**
 * Every message that travels on the server's bus, by name, with its payload. Two kinds that must
 * not be confused:
 *
 * - Client pushes go out over the websocket (`/v2/ws`) to whoever subscribed the topic; a lost
 *   one is superseded by the next (a quote, a candle) or repaired by the next page load.
 * - Internal events stay between server parts. Bus events are published after commit and are best
 *   effort (a safety net in the consumer covers a lost one); outbox events are written in the
 *   same database transaction as the change they announce and delivered at least once.
 *
 * The schemas are the contract; the server publishes through typed helpers, so a wrong payload is
 * a compile error, and validates nothing on the hot tick path (DAY_MARKET, KLINE).
 */

const userId = z.number().int().positive();

/** Payload of `DAY_MARKET` (the socket adds `type`). */
export const dayMarketPayloadSchema = z.object({
  symbol: z.string(),
  close: z.string(),
  change: z.string(),
  high: z.string(),
  low: z.string(),
  open: z.string(),
  volume: z.string(),
});

/** Payload of `KLINE.<Code>` (the socket adds `type`). */
export const klinePayloadSchema = z.object({
  /** The period's name (`5min`; decisions.md, Kline periods). */
  Period: z.enum(Object.values(KLINE_PERIOD_NAMES) as [KlinePeriodName, ...KlinePeriodName[]]),
  Open: z.string(),
  High: z.string(),
  Low: z.string(),
  Close: z.string(),
  Volume: z.string(),
  Time: z.number().int(),
});

/** Payload of `MICRO_SETTLED` (the socket adds `type`). */
export const microSettledPayloadSchema = z.object({
  id: z.number().int(),
  result: z.enum(['win', 'loss', 'tie']),
  FactProfits: z.string(),
  OpenPrice: z.string(),
  EndPrice: z.string(),
  Type: z.number().int(),
  Number: z.string(),
  ShowCode: z.string(),
});

/** Client pushes by name; KLINE's topic is `KLINE.<Code>` (klineTopic). */
export const CLIENT_PUSHES = {
  DAY_MARKET: dayMarketPayloadSchema,
  KLINE: klinePayloadSchema,
  FOREX_TRADE: forexTradePushSchema,
  FOREX_CLOSED: forexClosedPushSchema,
  MICRO_SETTLED: microSettledPayloadSchema,
  SUPPORT_CHAT: supportChatPushSchema,
  /** To staff sockets (STAFF_TOPICS), never to a user's. */
  SUPPORT_STAFF: supportStaffPushSchema,
  FOREX_FOLLOW_TRADE: forexFollowTradePushSchema,
  /** A new notification, to the user's logged-in sockets. */
  NOTIFY: notificationSchema,
} as const;
export type ClientPushName = keyof typeof CLIENT_PUSHES;
export type ClientPushPayload<N extends ClientPushName> = z.infer<(typeof CLIENT_PUSHES)[N]>;

export function klineTopic(code: string): `KLINE.${string}` {
  return `KLINE.${code}`;
}

/** A running option as announced to the engine's expiry queue (everything settlement needs). */
export const microOrderCreatedSchema = z.object({
  id: z.string(),
  userId,
  symbolId: z.number().int(),
  type: z.number().int(),
  amount: z.string(),
  profitRatio: z.string(),
  lossLevel: z.number().int(),
  openPrice: z.string(),
  entrySeq: z.string(),
  expireAtMs: z.number().int(),
  accountId: z.number().int(),
  showCode: z.string(),
  precision: z.number().int(),
});

/** Internal events on the bus, published after commit (best effort). */
export const BUS_EVENTS = {
  /** A user's forex orders changed over HTTP: the trigger engine re-reads the user. */
  'forex.order_changed': z.object({ userId }),
  /** An option was committed: the engine queues its expiry (a sweep catches a lost one). */
  'micro.order_created': microOrderCreatedSchema,
  /**
   * Sessions were revoked in the database (logout: one session; password change: all of the user's,
   * `sessionId` absent): sockets logged in with them end their login at once. The database stays
   * the truth; the gateway also re-checks its sockets' sessions periodically.
   */
  'session.revoked': z.object({ userId, sessionId: z.number().int().positive().optional() }),
  /** A staff session was revoked (the console's logout): sockets logged in with it end their staff login at once. */
  'staff_session.revoked': z.object({ adminId: z.number().int().positive(), sessionId: z.number().int().positive() }),
  /**
   * Staff changed configuration (admin console), published after commit: whatever holds a copy of
   * that area re-reads it from the database (the engine its symbols and feeds, the trigger engine
   * its stop-out level, the market reads their caches). Best effort: each holder also re-reads on
   * a timer as the safety net.
   */
  'config.changed': z.object({ area: z.enum(['symbols', 'settings', 'micro', 'deposits', 'companies', 'news']) }),
  /**
   * The market engine committed ticks: the newest of each symbol in the batch. Processes that price
   * from a kept copy of the newest stored tick (the forex submit's context) take it from here; the
   * database stays the truth (a submit's write checks its tick is still the newest).
   */
  'ticks.stored': z.object({ ticks: z.array(z.object({ symbolId: z.number().int().positive(), seq: z.string(), price: z.string(), atMs: z.number() })) }),
  /** A price alert was created or cancelled over HTTP: the engine's alert index re-reads it (a periodic catch-up repairs a lost one). */
  'price_alert.changed': z.object({ alertId: z.number().int().positive() }),
} as const;
export type BusEventName = keyof typeof BUS_EVENTS;
export type BusEventPayload<N extends BusEventName> = z.infer<(typeof BUS_EVENTS)[N]>;

/** Internal events that must not be lost: written to the event outbox in the changing transaction. */
export const OUTBOX_EVENTS = {
  /**
   * Money moved on some of a user's accounts (account type ids). Carries no amounts: consumers
   * re-read the database, which stays the truth.
   */
  'balance.changed': z.object({ userId, accountTypes: z.array(z.number().int()).min(1) }),
  /**
   * Something happened that the user should hear of (modules/notifications `notify`): the consumer
   * stores it once per event id, pushes it live and e-mails it as the user's settings say.
   */
  'notification.requested': z.object({
    userId,
    kind: notificationKindSchema,
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    link: z.string().nullable(),
  }),
  /** A notification was stored (whatever its in-app setting): web push sends it where the user's push setting says so. */
  'notification.stored': z.object({ notificationId: z.number().int().positive(), userId, kind: notificationKindSchema }),
} as const;
export type OutboxEventName = keyof typeof OUTBOX_EVENTS;
export type OutboxEventPayload<N extends OutboxEventName> = z.infer<(typeof OUTBOX_EVENTS)[N]>;

export function isOutboxEventName(name: string): name is OutboxEventName {
  return Object.hasOwn(OUTBOX_EVENTS, name);
}

// The push interfaces the web app reads and the schemas above must stay one shape: these fail to
// compile if either side changes alone.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<ClientPushPayload<'DAY_MARKET'>, Omit<DayMarketPush, 'type'>>,
  Same<ClientPushPayload<'KLINE'>, Omit<KlinePush, 'type'>>,
  Same<ClientPushPayload<'MICRO_SETTLED'>, Omit<MicroSettledPush, 'type'>>,
] = [true, true, true];
void sameShapes;
