import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isKnownTopic, isLang, isPrivateTopic, isStaffTopic, STAFF_TOPICS, WS_CLOSE_POLICY, WS_SESSION_ENDED_CODE, type BusEventPayload, type Lang, type SessionEndedMessage } from '@tp/contracts';
import { text, resolveLang, type TextKey } from '../http/messages/index.js';
import { tokenFromHeader, userForToken } from '../http/auth.js';
import { adminForToken, liveStaffSessionIds } from '../http/admin-auth.js';
import { refusalEnvelope } from '../http/envelope.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { liveSessionIds } from '../http/session-lookup.js';
import type { BusMessage } from './bus.js';
import { Gauge } from 'prom-client';
import { topicKind, wsFramesSent, wsLogins, wsPushes, wsSlowClosed } from '../lib/metrics.js';

/** A set of sockets with exactly the same subscriptions: they get the very same frame. */
interface Group {
  key: string;
  topics: string[];
  members: Set<Connection>;
}

interface Connection {
  socket: WebSocket;
  lang: Lang;
  ip: string;
  userId: number | null;
  /** The session the socket logged in with: its revocation ends the socket's login. */
  sessionId: number | null;
  /** The staff session the socket logged in with (`staff_login`, admin console), for staff topics. */
  staffSessionId: number | null;
  staffRole: string | null;
  topics: Set<string>;
  group: Group | undefined;
  /** Private and non-coalescable pushes waiting for the next flush, in order. */
  queue: string[];
  closed: boolean;
  /** Frames received in the current one-second window (WS_FRAMES_PER_SECOND). */
  frames: number;
  framesWindowStart: number;
}

type ResultType = 'login_result' | 'logout_result' | 'staff_login_result' | 'sub_result' | 'unsub_result';

const MAX_FRAME_BYTES = 16 * 1024;
const MAX_MESSAGES_PER_FRAME = 50;
const MAX_TOPICS = 200;
/** A socket that lets this many uncoalescable pushes pile up between flushes is not keeping up. */
const MAX_QUEUED_PUSHES = 1000;
const SESSION_REVOKED = 'session.revoked';
const STAFF_SESSION_REVOKED = 'staff_session.revoked';
const LOGIN_WINDOW_MS = 60_000;

export interface WsGatewayOptions {
  /** Pushes to a socket are sent at most once per this interval, as one frame. */
  flushMs: number;
  /** A socket whose unsent bytes exceed this is closed: a slow client must not slow the others. */
  maxBufferedBytes: number;
  /** Open sockets per IP; the next upgrade is refused. */
  socketsPerIp: number;
  /** Frames a socket may send per second: past it each is refused, past twice it the socket is closed. */
  framesPerSecond: number;
  /** How often logged-in sockets' sessions are re-checked in the database (safety net). */
  sessionRecheckMs: number;
}

export interface WsGatewayStats {
  connections: number;
  groups: number;
  framesSent: number;
  slowClosed: number;
  /** Logins ended by a revoked session or a disabled user. */
  loginsEnded: number;
  /** Upgrades refused and sockets closed by the limits (sockets per IP, frames per second). */
  limited: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    wsStats(): WsGatewayStats;
  }
}

/**
 * The key under which a newer push replaces an older unsent one. DAY_MARKET keeps the latest per
 * symbol, KLINE.<Code> the latest per period; anything else (private events such as FOREX_CLOSED)
 * is never dropped.
 */
function coalesceKey(message: BusMessage): string | undefined {
  if (message.userId !== undefined || isPrivateTopic(message.topic)) return undefined;
  if (message.topic === 'DAY_MARKET') return typeof message.payload.symbol === 'string' ? message.payload.symbol : undefined;
  if (message.topic.startsWith('KLINE.')) return String(message.payload.Period ?? '');
  return undefined;
}

function frameOf(parts: readonly string[]): string {
  return parts.length === 1 ? parts[0]! : `[${parts.join(',')}]`;
}

/**
 * `/v2/ws` (decisions.md, contracts ws.ts): login/logout/sub/unsub answered with *_result
 * {code, msg}, ping answered with pong. Pushes come from the bus and are coalesced: per flush
 * interval a socket gets at most one frame (a JSON array when it carries several messages) holding
 * the latest DAY_MARKET per symbol and KLINE per period. Sockets with the same subscriptions share
 * one serialized frame, so fan-out costs one encode per group, not per socket. A private topic
 * reaches only the sockets logged in as its user. A bad frame is answered and ignored.
 *
 * A socket's login follows its token: the users module's `session.revoked` bus event (after commit
 * of a logout or password change, on every process) ends it at once, and a periodic re-check of the
 * logged-in sockets' sessions catches what no event announced (a token revoked or a user disabled
 * in the database). Ending drops the private topics and pushes `login_result` code 999
 * (contracts ws.ts, SessionEndedMessage); public topics go on.
 *
 * Limits: sockets per IP (the upgrade is refused with a 429 envelope), frames per socket per
 * second (refused with an error frame, then closed with 1008), and failed websocket logins count
 * per IP against LOGIN_IP_LIMIT_PER_MINUTE: once over, logins from that IP are refused without a
 * database lookup for the rest of the minute.
 */
export async function registerWsGateway(app: FastifyInstance, opts?: Partial<WsGatewayOptions>): Promise<void> {
  const flushMs = opts?.flushMs ?? app.config.market.wsFlushMs;
  const maxBufferedBytes = opts?.maxBufferedBytes ?? app.config.market.wsMaxBufferedBytes;
  const socketsPerIp = opts?.socketsPerIp ?? app.config.wsSocketsPerIp;
  const framesPerSecond = opts?.framesPerSecond ?? app.config.wsFramesPerSecond;
  const sessionRecheckMs = opts?.sessionRecheckMs ?? app.config.wsSessionRecheckMs;
  /** Failed websocket logins per IP and minute, against the HTTP login's per-IP limit. */
  const loginLimiter = app.createRateLimit({ max: app.config.loginIpLimitPerMinute, timeWindow: LOGIN_WINDOW_MS });
  const socketsByIp = new Map<string, number>();
  const connections = new Set<Connection>();
  const groups = new Map<string, Group>();
  /** How many sockets subscribe to each topic: pushes nobody wants are not even queued. */
  const topicRefs = new Map<string, number>();
  let pending = new Map<string, Map<string, string>>();
  let queuedConns = new Set<Connection>();
  let timer: NodeJS.Timeout | undefined;
  let lastFlushAt = 0;
  const stats = { framesSent: 0, slowClosed: 0, loginsEnded: 0, limited: 0 };
  app.decorate('wsStats', () => ({ connections: connections.size, groups: groups.size, ...stats }));

  /** /metrics: the push counter per topic kind, looked up once per topic (a push costs a map lookup). */
  const pushCounters = new Map<string, { inc(): void }>();
  const pushCounter = (topic: string) => {
    let counter = pushCounters.get(topic);
    if (!counter) pushCounters.set(topic, (counter = wsPushes.labels(topicKind(topic))));
    return counter;
  };
  if (app.hasDecorator('metricsRegistry')) {
    new Gauge({ name: 'tp_ws_sockets', help: 'Open websockets of this process.', registers: [app.metricsRegistry], collect() {
      this.set(connections.size);
    } });
    new Gauge({
      name: 'tp_ws_subscriptions',
      help: 'Subscriptions of this process\'s open websockets, by topic kind (KLINE for every KLINE.<code>).',
      labelNames: ['topic'],
      registers: [app.metricsRegistry],
      collect() {
        this.reset();
        const byKind = new Map<string, number>();
        for (const [topic, n] of topicRefs) if (n > 0) byKind.set(topicKind(topic), (byKind.get(topicKind(topic)) ?? 0) + n);
        for (const [topic, n] of byKind) this.set({ topic }, n);
      },
    });
  }

  const drop = (conn: Connection) => {
    if (conn.closed) return;
    conn.closed = true;
    connections.delete(conn);
    const left = (socketsByIp.get(conn.ip) ?? 1) - 1;
    if (left > 0) socketsByIp.set(conn.ip, left);
    else socketsByIp.delete(conn.ip);
    leaveGroup(conn);
    for (const t of conn.topics) topicRefs.set(t, (topicRefs.get(t) ?? 1) - 1);
    conn.queue = [];
  };

  const write = (conn: Connection, data: string | Buffer) => {
    const { socket } = conn;
    if (conn.closed || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      stats.slowClosed += 1;
      wsSlowClosed.inc();
      app.log.info({ bufferedAmount: socket.bufferedAmount }, 'websocket client too slow, closing');
      drop(conn);
      socket.terminate(); // a close frame would wait behind the very backlog that is the problem
      return;
    }
    socket.send(data, { binary: false });
    stats.framesSent += 1;
    wsFramesSent.inc();
  };
  const send = (conn: Connection, message: unknown) => write(conn, JSON.stringify(message));
  const result = (conn: Connection, type: ResultType, ok: boolean, key: TextKey, params?: string) =>
    send(conn, { type, code: ok ? 1 : 0, msg: text(conn.lang, key), ...(params === undefined ? {} : { params }) });

  function leaveGroup(conn: Connection): void {
    const g = conn.group;
    if (!g) return;
    g.members.delete(conn);
    if (g.members.size === 0) groups.delete(g.key);
    conn.group = undefined;
  }
  function regroup(conn: Connection): void {
    leaveGroup(conn);
    if (conn.closed) return;
    const topics = [...conn.topics].sort();
    const key = topics.join('\n');
    let g = groups.get(key);
    if (!g) {
      g = { key, topics, members: new Set() };
      groups.set(key, g);
    }
    g.members.add(conn);
    conn.group = g;
  }
  function addTopic(conn: Connection, topic: string): void {
    if (conn.topics.has(topic)) return;
    conn.topics.add(topic);
    topicRefs.set(topic, (topicRefs.get(topic) ?? 0) + 1);
    regroup(conn);
  }
  function removeTopic(conn: Connection, topic: string): void {
    if (!conn.topics.delete(topic)) return;
    topicRefs.set(topic, (topicRefs.get(topic) ?? 1) - 1);
    regroup(conn);
  }

  const scheduleFlush = () => {
    if (timer) return;
    // Leading edge: after a quiet spell the first push goes out at once; then at most once per interval.
    timer = setTimeout(flush, Math.max(0, lastFlushAt + flushMs - Date.now()));
  };

  function flush(): void {
    timer = undefined;
    lastFlushAt = Date.now();
    const current = pending;
    const queued = queuedConns;
    pending = new Map();
    queuedConns = new Set();
    if (current.size > 0) {
      for (const g of groups.values()) {
        const parts: string[] = [];
        for (const t of g.topics) {
          const byKey = current.get(t);
          if (byKey) for (const p of byKey.values()) parts.push(p);
        }
        if (parts.length === 0) continue;
        let shared: Buffer | undefined;
        for (const conn of g.members) {
          if (conn.queue.length > 0) {
            write(conn, frameOf(parts.concat(conn.queue.splice(0))));
          } else {
            shared ??= Buffer.from(frameOf(parts));
            write(conn, shared);
          }
        }
      }
    }
    for (const conn of queued) if (conn.queue.length > 0) write(conn, frameOf(conn.queue.splice(0)));
  }

  const deliver = (message: BusMessage) => {
    const { topic } = message;
    if (!topicRefs.get(topic)) {
      // Internal bus events are never subscribed: checked only here, off the path of subscribed pushes.
      if (topic === SESSION_REVOKED) sessionRevoked(message.payload as BusEventPayload<typeof SESSION_REVOKED>);
      else if (topic === STAFF_SESSION_REVOKED) staffSessionRevoked(message.payload as BusEventPayload<typeof STAFF_SESSION_REVOKED>);
      return;
    }
    const priv = isPrivateTopic(topic);
    if (priv && message.userId === undefined) return; // a private event without its user goes nowhere
    pushCounter(topic).inc();
    const json = JSON.stringify({ ...message.payload, type: topic });
    const key = coalesceKey(message);
    if (key !== undefined) {
      let byKey = pending.get(topic);
      if (!byKey) pending.set(topic, (byKey = new Map()));
      byKey.delete(key); // re-insert so the frame lists pushes in arrival order of their latest value
      byKey.set(key, json);
      scheduleFlush();
      return;
    }
    for (const conn of connections) {
      if (!conn.topics.has(topic)) continue;
      if (message.userId !== undefined && conn.userId !== message.userId) continue;
      if (conn.queue.length >= MAX_QUEUED_PUSHES) {
        stats.slowClosed += 1;
        wsSlowClosed.inc();
        drop(conn);
        conn.socket.terminate();
        continue;
      }
      conn.queue.push(json);
      queuedConns.add(conn);
    }
    scheduleFlush();
  };
  /** Ends the socket's login: private topics and queued private pushes dropped, the client told. */
  function endLogin(conn: Connection): void {
    if (conn.userId === null) return;
    conn.userId = null;
    conn.sessionId = null;
    for (const topic of [...conn.topics]) if (isPrivateTopic(topic)) removeTopic(conn, topic);
    conn.queue = [];
    stats.loginsEnded += 1;
    const ended: SessionEndedMessage = { type: 'login_result', code: WS_SESSION_ENDED_CODE, msg: text(conn.lang, 'session_ended'), error: 'session_ended' };
    send(conn, ended);
  }

  /** Ends the socket's staff login: staff topics and queued pushes dropped, the console told. */
  function endStaffLogin(conn: Connection, tell: boolean): void {
    if (conn.staffSessionId === null) return;
    conn.staffSessionId = null;
    for (const topic of [...conn.topics]) if (isStaffTopic(topic)) removeTopic(conn, topic);
    conn.queue = [];
    if (!tell) return;
    stats.loginsEnded += 1;
    send(conn, { type: 'staff_login_result', code: WS_SESSION_ENDED_CODE, msg: text(conn.lang, 'session_ended'), error: 'session_ended' });
  }

  function sessionRevoked({ userId, sessionId }: BusEventPayload<typeof SESSION_REVOKED>): void {
    for (const conn of connections) {
      if (conn.userId === userId && (sessionId === undefined || conn.sessionId === sessionId)) endLogin(conn);
    }
  }

  /** A staff logout ends the staff login of the sockets of that session at once, on every process. */
  function staffSessionRevoked({ sessionId }: BusEventPayload<typeof STAFF_SESSION_REVOKED>): void {
    for (const conn of connections) if (conn.staffSessionId === sessionId) endStaffLogin(conn, true);
  }

  /** The safety net: logins whose session is no longer live in the database end. */
  async function recheckSessions(): Promise<void> {
    const ids = new Set<number>();
    for (const conn of connections) if (conn.sessionId !== null) ids.add(conn.sessionId);
    const live = ids.size === 0 ? new Set<number>() : await liveSessionIds(app.db, [...ids]);
    for (const conn of connections) if (conn.sessionId !== null && ids.has(conn.sessionId) && !live.has(conn.sessionId)) endLogin(conn);
    // Staff sockets: a revoked session, a disabled staff member or a role that lost the inbox.
    const staffIds = new Set<number>();
    for (const conn of connections) if (conn.staffSessionId !== null) staffIds.add(conn.staffSessionId);
    if (staffIds.size === 0) return;
    const liveStaff = await liveStaffSessionIds(app.db, [...staffIds], STAFF_TOPICS.SUPPORT_STAFF);
    for (const conn of connections) if (conn.staffSessionId !== null && staffIds.has(conn.staffSessionId) && !liveStaff.has(conn.staffSessionId)) endStaffLogin(conn, true);
  }
  let rechecking = false;
  const recheckTimer =
    sessionRecheckMs > 0
      ? setInterval(() => {
          if (rechecking) return;
          rechecking = true;
          recheckSessions()
            .catch((err: unknown) => app.log.warn({ err }, 'websocket session re-check failed'))
            .finally(() => (rechecking = false));
        }, sessionRecheckMs)
      : undefined;
  recheckTimer?.unref();

  const unsubscribe = app.bus.subscribe(deliver);
  app.addHook('onClose', async () => {
    unsubscribe();
    clearTimeout(timer);
    clearInterval(recheckTimer);
    // The sockets are already closed, with "service restart", by the plugin's preClose (app.ts).
  });

  async function handle(conn: Connection, req: FastifyRequest, msg: unknown): Promise<void> {
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'bad_request') });
      return;
    }
    const { type, params, lang } = msg as { type?: unknown; params?: unknown; lang?: unknown };
    // A login names the client's language (browsers cannot set a header on a socket): its answer
    // and every later refusal on this socket speak it. An unknown one keeps the socket's language.
    if ((type === 'login' || type === 'staff_login') && isLang(lang)) conn.lang = lang;
    switch (type) {
      case 'ping':
        send(conn, { type: 'pong', params });
        return;
      case 'login': {
        // Past the per-IP limit of failed logins, no database lookup at all until the window passes.
        const counted = await loginLimiter(req, { increment: false });
        if (!counted.isAllowed && counted.remaining === 0) {
          result(conn, 'login_result', false, 'too_many_requests');
          return;
        }
        let user: Awaited<ReturnType<typeof userForToken>>;
        try {
          user = typeof params === 'string' ? await userForToken(app.db, tokenFromHeader(params)) : undefined;
        } catch (err) {
          if (!isDatabaseUnavailable(err)) throw err;
          // Not a refused token: the client keeps it and logs in again shortly.
          req.log.warn({ err }, 'websocket login: database unavailable');
          send(conn, { type: 'login_result', code: 0, msg: text(conn.lang, 'service_unavailable'), error: 'service_unavailable' });
          return;
        }
        if (!user) {
          wsLogins.inc({ kind: 'user', result: 'refused' });
          await loginLimiter(req);
          result(conn, 'login_result', false, 'not_logged_in');
          return;
        }
        if (conn.closed) return;
        conn.userId = user.id;
        conn.sessionId = user.sessionId;
        wsLogins.inc({ kind: 'user', result: 'ok' });
        result(conn, 'login_result', true, 'logged_in');
        return;
      }
      case 'staff_login': {
        // The admin console's socket: an admin token (its own table, never a user's session).
        const counted = await loginLimiter(req, { increment: false });
        if (!counted.isAllowed && counted.remaining === 0) {
          result(conn, 'staff_login_result', false, 'too_many_requests');
          return;
        }
        const admin = typeof params === 'string' ? await adminForToken(app.db, tokenFromHeader(params)) : undefined;
        if (!admin) {
          wsLogins.inc({ kind: 'staff', result: 'refused' });
          await loginLimiter(req);
          result(conn, 'staff_login_result', false, 'not_logged_in');
          return;
        }
        if (conn.closed) return;
        conn.staffSessionId = admin.sessionId;
        conn.staffRole = admin.role;
        wsLogins.inc({ kind: 'staff', result: 'ok' });
        result(conn, 'staff_login_result', true, 'logged_in');
        return;
      }
      case 'logout':
        endStaffLogin(conn, false);
        conn.userId = null;
        conn.sessionId = null;
        for (const topic of [...conn.topics]) if (isPrivateTopic(topic)) removeTopic(conn, topic);
        conn.queue = [];
        result(conn, 'logout_result', true, 'logged_out');
        return;
      case 'sub': {
        if (typeof params !== 'string' || !isKnownTopic(params)) {
          result(conn, 'sub_result', false, 'bad_request', typeof params === 'string' ? params.slice(0, 64) : undefined);
          return;
        }
        if (isPrivateTopic(params) && conn.userId === null) {
          result(conn, 'sub_result', false, 'not_logged_in', params);
          return;
        }
        if (isStaffTopic(params) && (conn.staffSessionId === null || !(STAFF_TOPICS[params] as readonly string[]).includes(conn.staffRole ?? ''))) {
          result(conn, 'sub_result', false, conn.staffSessionId === null ? 'not_logged_in' : 'staff_role_forbidden', params);
          return;
        }
        if (conn.topics.size >= MAX_TOPICS && !conn.topics.has(params)) {
          result(conn, 'sub_result', false, 'too_many_requests', params);
          return;
        }
        addTopic(conn, params);
        result(conn, 'sub_result', true, 'ok', params);
        return;
      }
      case 'unsub': {
        if (typeof params !== 'string' || !isKnownTopic(params)) {
          result(conn, 'unsub_result', false, 'bad_request', typeof params === 'string' ? params.slice(0, 64) : undefined);
          return;
        }
        removeTopic(conn, params);
        result(conn, 'unsub_result', true, 'ok', params);
        return;
      }
      default:
        send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'bad_request') });
    }
  }

  const langOf = (req: FastifyRequest) => resolveLang(req.headers.lang ?? (req.query as Record<string, unknown> | undefined)?.lang);
  const overIpLimit = (ip: string) => (socketsByIp.get(ip) ?? 0) >= socketsPerIp;

  // Refused before the upgrade: an answer in the envelope, and no socket is opened.
  const refuseUpgrade = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!overIpLimit(req.ip)) return;
    stats.limited += 1;
    return reply.code(429).send({ ...refusalEnvelope(langOf(req), 'too_many_requests'), request_id: String(req.id) });
  };

  app.get('/v2/ws', { websocket: true, schema: { hide: true }, preValidation: refuseUpgrade }, (socket: WebSocket, req: FastifyRequest) => {
    if (overIpLimit(req.ip)) {
      // Upgrades that passed the check together: the one past the limit is closed at once.
      stats.limited += 1;
      socket.close(WS_CLOSE_POLICY, 'too many sockets from this address');
      return;
    }
    const conn: Connection = {
      socket,
      lang: langOf(req),
      ip: req.ip,
      userId: null,
      sessionId: null,
      staffSessionId: null,
      staffRole: null,
      topics: new Set(),
      group: undefined,
      queue: [],
      closed: false,
      frames: 0,
      framesWindowStart: Date.now(),
    };
    connections.add(conn);
    socketsByIp.set(conn.ip, (socketsByIp.get(conn.ip) ?? 0) + 1);
    regroup(conn);
    // Messages of one socket are handled in order: a sub right after a login sees the login.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      if (conn.closed) return;
      const now = Date.now();
      if (now - conn.framesWindowStart >= 1000) {
        conn.framesWindowStart = now;
        conn.frames = 0;
      }
      conn.frames += 1;
      if (conn.frames > framesPerSecond) {
        if (conn.frames > 2 * framesPerSecond) {
          // It goes on: close. The counter keeps the socket from being closed twice.
          stats.limited += 1;
          drop(conn);
          socket.close(WS_CLOSE_POLICY, 'too many messages');
        } else if (conn.frames === framesPerSecond + 1) {
          // One refusal per window (a flood is not answered frame for frame), after the answers before it.
          queue = queue.then(() => send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'too_many_requests'), error: 'too_many_requests' }));
        }
        return;
      }
      queue = queue
        .then(async () => {
          const raw = isBinary ? '' : data.toString();
          if (raw.length === 0 || raw.length > MAX_FRAME_BYTES) {
            send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'bad_request') });
            return;
          }
          if (raw.trim() === 'ping') {
            write(conn, 'pong');
            return;
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw);
          } catch {
            send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'bad_request') });
            return;
          }
          const messages = Array.isArray(parsed) ? parsed.slice(0, MAX_MESSAGES_PER_FRAME) : [parsed];
          for (const m of messages) await handle(conn, req, m);
        })
        .catch((err: unknown) => {
          // The database away (a login during an outage) is the moment's, not a fault: the client
          // hears "try again shortly", as over HTTP, and the log says it at warn.
          if (isDatabaseUnavailable(err)) {
            req.log.warn({ err }, 'websocket message: database unavailable');
            send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'service_unavailable'), error: 'service_unavailable' });
            return;
          }
          req.log.error({ err }, 'websocket message failed');
          send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'server_error') });
        });
    });
    socket.on('close', () => drop(conn));
    socket.on('error', () => drop(conn));
  });
}
