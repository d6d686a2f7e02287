/** Websocket protocol of `/v2/ws` (decisions.md). A frame is one message or an array of them. */
export type ClientMessage =
  /** `lang`: the language of this socket's answers from now on (also the `lang` query parameter of the URL). */
  | { type: 'login'; params: string; lang?: string }
  | { type: 'logout' }
  /** Staff of the admin console: log the socket in with an admin token (for staff topics). */
  | { type: 'staff_login'; params: string; lang?: string }
  | { type: 'sub'; params: string }
  | { type: 'unsub'; params: string }
  | { type: 'ping'; params: number };

/** `error` names a refusal of the moment the client may try again after (the database away). */
export interface ResultMessage { type: 'login_result' | 'logout_result' | 'staff_login_result' | 'sub_result' | 'unsub_result'; code: 0 | 1; msg: string; params?: string; error?: 'service_unavailable' }
/**
 * Pushed when the socket's login ends without the client asking: logout elsewhere, password
 * change, a revoked token or a disabled user. Private subscriptions are dropped; public topics go
 * on. The client logs in again with a fresh token (or stays a visitor).
 */
export interface SessionEndedMessage { type: 'login_result'; code: 999; msg: string; error: 'session_ended' }
export const WS_SESSION_ENDED_CODE = 999;
/** Close code of a socket that keeps sending past the frame limit (RFC 6455 policy violation). */
export const WS_CLOSE_POLICY = 1008;
/**
 * Close code of every socket of a server that is shutting down on purpose (a deploy, a scale-in):
 * RFC 6455's "service restart". The client reconnects at once, not after its back-off - behind a
 * balancer it reaches another node - and subscribes its topics again.
 */
export const WS_CLOSE_SERVICE_RESTART = 1012;
/** The longest a client waits before reconnecting after a service restart (spread so all do not come at once). */
export const WS_RESTART_RECONNECT_JITTER_MS = 250;
export interface PongMessage { type: 'pong'; params: number }

export const PUBLIC_TOPICS = ['DAY_MARKET'] as const;
export const PUBLIC_TOPIC_PREFIXES = ['KLINE.'] as const;
export const PRIVATE_TOPICS = ['FOREX_TRADE', 'FOREX_CLOSED', 'FOREX_FOLLOW_TRADE', 'MICRO_SETTLED', 'SUPPORT_CHAT', 'NOTIFY'] as const;
/**
 * Topics for staff sockets only: subscribed after `staff_login` with an admin token of a role that
 * may read them (the support inbox: admin, support). Every such socket gets each push.
 */
export const STAFF_TOPICS = { SUPPORT_STAFF: ['admin', 'support'] } as const satisfies Record<string, readonly ('admin' | 'reviewer' | 'support')[]>;

export function isPrivateTopic(topic: string): boolean {
  return (PRIVATE_TOPICS as readonly string[]).includes(topic);
}
export function isStaffTopic(topic: string): topic is keyof typeof STAFF_TOPICS {
  return Object.hasOwn(STAFF_TOPICS, topic);
}
export function isKnownTopic(topic: string): boolean {
  return (
    (PUBLIC_TOPICS as readonly string[]).includes(topic) ||
    isPrivateTopic(topic) ||
    isStaffTopic(topic) ||
    PUBLIC_TOPIC_PREFIXES.some((p) => topic.startsWith(p) && /^[A-Z0-9._-]{2,32}$/.test(topic.slice(p.length)))
  );
}

/** Client timing (spec section 9). */
export const WS_HEARTBEAT_MS = 5000;
export const WS_CONNECT_TIMEOUT_MS = 5000;
export const WS_MAX_MISSED_PONGS = 2;
