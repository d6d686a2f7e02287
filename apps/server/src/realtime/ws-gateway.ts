import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isKnownTopic, isPrivateTopic, type Lang } from '@tp/contracts';
import { text, resolveLang, type TextKey } from '../http/messages/index.js';
import { tokenFromHeader, userForToken } from '../http/auth.js';
import type { BusMessage } from './bus.js';

/** A set of sockets with exactly the same subscriptions: they get the very same frame. */
interface Group {
  key: string;
  topics: string[];
  members: Set<Connection>;
}

interface Connection {
  socket: WebSocket;
  lang: Lang;
  userId: number | null;
  topics: Set<string>;
  group: Group | undefined;
  /** Private and non-coalescable pushes waiting for the next flush, in order. */
  queue: string[];
  closed: boolean;
}

type ResultType = 'login_result' | 'logout_result' | 'sub_result' | 'unsub_result';

const MAX_FRAME_BYTES = 16 * 1024;
const MAX_MESSAGES_PER_FRAME = 50;
const MAX_TOPICS = 200;
/** A socket that lets this many uncoalescable pushes pile up between flushes is not keeping up. */
const MAX_QUEUED_PUSHES = 1000;

export interface WsGatewayOptions {
  /** Pushes to a socket are sent at most once per this interval, as one frame. */
  flushMs: number;
  /** A socket whose unsent bytes exceed this is closed: a slow client must not slow the others. */
  maxBufferedBytes: number;
}

export interface WsGatewayStats {
  connections: number;
  groups: number;
  framesSent: number;
  slowClosed: number;
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
 */
export async function registerWsGateway(app: FastifyInstance, opts?: Partial<WsGatewayOptions>): Promise<void> {
  const flushMs = opts?.flushMs ?? app.config.market.wsFlushMs;
  const maxBufferedBytes = opts?.maxBufferedBytes ?? app.config.market.wsMaxBufferedBytes;
  const connections = new Set<Connection>();
  const groups = new Map<string, Group>();
  /** How many sockets subscribe to each topic: pushes nobody wants are not even queued. */
  const topicRefs = new Map<string, number>();
  let pending = new Map<string, Map<string, string>>();
  let queuedConns = new Set<Connection>();
  let timer: NodeJS.Timeout | undefined;
  let lastFlushAt = 0;
  const stats = { framesSent: 0, slowClosed: 0 };
  app.decorate('wsStats', () => ({ connections: connections.size, groups: groups.size, ...stats }));

  const drop = (conn: Connection) => {
    if (conn.closed) return;
    conn.closed = true;
    connections.delete(conn);
    leaveGroup(conn);
    for (const t of conn.topics) topicRefs.set(t, (topicRefs.get(t) ?? 1) - 1);
    conn.queue = [];
  };

  const write = (conn: Connection, data: string | Buffer) => {
    const { socket } = conn;
    if (conn.closed || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      stats.slowClosed += 1;
      app.log.info({ bufferedAmount: socket.bufferedAmount }, 'websocket client too slow, closing');
      drop(conn);
      socket.terminate(); // a close frame would wait behind the very backlog that is the problem
      return;
    }
    socket.send(data, { binary: false });
    stats.framesSent += 1;
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
    if (!topicRefs.get(topic)) return;
    const priv = isPrivateTopic(topic);
    if (priv && message.userId === undefined) return; // a private event without its user goes nowhere
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
        drop(conn);
        conn.socket.terminate();
        continue;
      }
      conn.queue.push(json);
      queuedConns.add(conn);
    }
    scheduleFlush();
  };
  const unsubscribe = app.bus.subscribe(deliver);
  app.addHook('onClose', async () => {
    unsubscribe();
    clearTimeout(timer);
    for (const conn of connections) conn.socket.close(1001, 'server shutting down');
  });

  async function handle(conn: Connection, msg: unknown): Promise<void> {
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'bad_request') });
      return;
    }
    const { type, params } = msg as { type?: unknown; params?: unknown };
    switch (type) {
      case 'ping':
        send(conn, { type: 'pong', params });
        return;
      case 'login': {
        const user = typeof params === 'string' ? await userForToken(app.db, tokenFromHeader(params)) : undefined;
        if (!user) {
          result(conn, 'login_result', false, 'not_logged_in');
          return;
        }
        conn.userId = user.id;
        result(conn, 'login_result', true, 'logged_in');
        return;
      }
      case 'logout':
        conn.userId = null;
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

  app.get('/v2/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket, req: FastifyRequest) => {
    const query = req.query as Record<string, unknown> | undefined;
    const conn: Connection = {
      socket,
      lang: resolveLang(req.headers.lang ?? query?.lang),
      userId: null,
      topics: new Set(),
      group: undefined,
      queue: [],
      closed: false,
    };
    connections.add(conn);
    regroup(conn);
    // Messages of one socket are handled in order: a sub right after a login sees the login.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
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
          for (const m of messages) await handle(conn, m);
        })
        .catch((err: unknown) => {
          req.log.error({ err }, 'websocket message failed');
          send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'server_error') });
        });
    });
    socket.on('close', () => drop(conn));
    socket.on('error', () => drop(conn));
  });
}
