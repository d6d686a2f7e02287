import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isKnownTopic, isPrivateTopic, type Lang } from '@tp/contracts';
import { text, resolveLang, type TextKey } from '../http/messages/index.js';
import { tokenFromHeader, userForToken } from '../http/auth.js';
import type { BusMessage } from './bus.js';

interface Connection {
  socket: WebSocket;
  lang: Lang;
  userId: number | null;
  topics: Set<string>;
}

type ResultType = 'login_result' | 'logout_result' | 'sub_result' | 'unsub_result';

const MAX_FRAME_BYTES = 16 * 1024;
const MAX_MESSAGES_PER_FRAME = 50;
const MAX_TOPICS = 200;

/**
 * `/v2/ws` (decisions.md, contracts ws.ts): login/logout/sub/unsub answered with *_result
 * {code, msg}, ping answered with pong. Pushes come from the bus; a private topic reaches only
 * the sockets logged in as its user. A bad frame is answered and ignored, never fatal.
 */
export async function registerWsGateway(app: FastifyInstance): Promise<void> {
  const connections = new Set<Connection>();

  const send = (conn: Connection, message: unknown) => {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  };
  const result = (conn: Connection, type: ResultType, ok: boolean, key: TextKey, params?: string) =>
    send(conn, { type, code: ok ? 1 : 0, msg: text(conn.lang, key), ...(params === undefined ? {} : { params }) });

  const deliver = (message: BusMessage) => {
    const priv = isPrivateTopic(message.topic);
    if (priv && message.userId === undefined) return; // a private event without its user goes nowhere
    const frame = JSON.stringify({ ...message.payload, type: message.topic });
    for (const conn of connections) {
      if (!conn.topics.has(message.topic)) continue;
      if (priv && conn.userId !== message.userId) continue;
      if (message.userId !== undefined && !priv && conn.userId !== message.userId) continue;
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame);
    }
  };
  const unsubscribe = app.bus.subscribe(deliver);
  app.addHook('onClose', async () => {
    unsubscribe();
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
        for (const topic of conn.topics) if (isPrivateTopic(topic)) conn.topics.delete(topic);
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
        conn.topics.add(params);
        result(conn, 'sub_result', true, 'ok', params);
        return;
      }
      case 'unsub': {
        if (typeof params !== 'string' || !isKnownTopic(params)) {
          result(conn, 'unsub_result', false, 'bad_request', typeof params === 'string' ? params.slice(0, 64) : undefined);
          return;
        }
        conn.topics.delete(params);
        result(conn, 'unsub_result', true, 'ok', params);
        return;
      }
      default:
        send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'bad_request') });
    }
  }

  app.get('/v2/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket, req: FastifyRequest) => {
    const query = req.query as Record<string, unknown> | undefined;
    const conn: Connection = { socket, lang: resolveLang(req.headers.lang ?? query?.lang), userId: null, topics: new Set() };
    connections.add(conn);
    // Messages of one socket are handled in order: a sub right after a login sees the login.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      queue = queue.then(async () => {
        const raw = isBinary ? '' : data.toString();
        if (raw.length === 0 || raw.length > MAX_FRAME_BYTES) {
          send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'bad_request') });
          return;
        }
        if (raw.trim() === 'ping') {
          socket.send('pong');
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
      }).catch((err: unknown) => {
        req.log.error({ err }, 'websocket message failed');
        send(conn, { type: 'error', code: 0, msg: text(conn.lang, 'server_error') });
      });
    });
    socket.on('close', () => connections.delete(conn));
    socket.on('error', () => connections.delete(conn));
  });
}
