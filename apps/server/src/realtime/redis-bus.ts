import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Bus, BusMessage } from './bus.js';

export const REDIS_BUS_CHANNEL = 'tp:bus';

/**
 * Publishes waiting for Redis's answer beyond which new ones are dropped: a connection that died
 * without a reset looks ready until TCP gives up, and must not gather an unbounded backlog meanwhile.
 */
const MAX_IN_FLIGHT = 1000;

export interface RedisBusOptions {
  url: string;
  channel?: string;
  log?: (msg: string) => void;
}

/**
 * The bus over Redis pub/sub: every process publishes to one channel and delivers what it receives
 * from the others. A Redis message is a JSON array: a marker `{"o": origin}` naming the publishing
 * process, then BusMessages (the marker has no topic, so a reader that does not know it skips it).
 *
 * A process delivers its own messages to its own subscribers directly, at publish, and drops them
 * when Redis echoes them back (recognised by the marker's bytes, before any parsing). That is one
 * delivery path for its own messages whatever the connection does: relying on the echo while it
 * works and delivering locally only while Redis is away would, at each transition, lose (the
 * subscriber connection died before we noticed) or double (the echo arrives after we switched) a
 * message. Nothing waits for Redis while it is away: publishes are dropped (no offline queue), and
 * those in flight when the connection closes are failed, not resent after the reconnect (a resend
 * can repeat a PUBLISH Redis already ran). Other processes miss what was published meanwhile; the
 * next tick supersedes prices and HTTP reads stay the truth. ioredis reconnects by itself; the
 * subscription is renewed on each new connection, and isConnected() is true only once it holds.
 */
export async function createRedisBus(opts: RedisBusOptions): Promise<Bus> {
  const channel = opts.channel ?? REDIS_BUS_CHANNEL;
  const log = opts.log ?? (() => undefined);
  const origin = crypto.randomBytes(8).toString('hex');
  const marker = `[{"o":"${origin}"}`;
  const ownPrefix = Buffer.from(marker);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // maxRetriesPerRequest 0: a command pending when the connection closes fails at once.
  const clientOptions = {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    autoResubscribe: false,
    lazyConnect: true,
    retryStrategy: (n: number) => Math.min(n * 200, 2000),
  };
  const pub = new Redis(opts.url, clientOptions);
  const sub = new Redis(opts.url, clientOptions);
  let subscribed = false;
  let started = false;
  let closing = false;
  let inFlight = 0;
  const isConnected = () => subscribed && sub.status === 'ready' && pub.status === 'ready';

  // One line per change of state, and per new error (a reconnect loop repeats the same one).
  let reported = true;
  let lastError = '';
  const report = () => {
    const now = isConnected();
    if (!started || closing || now === reported) return;
    reported = now;
    if (now) lastError = '';
    log(now ? 'redis bus: connected, pushes flow between processes again' : 'redis bus: Redis unreachable, pushes stay within this process');
  };
  for (const c of [pub, sub]) {
    c.on('error', (err: Error) => {
      if (err.message !== lastError) log(`redis bus: ${err.message}`);
      lastError = err.message;
    });
    c.on('close', () => {
      if (c === sub) subscribed = false;
      report();
    });
    c.on('ready', report);
  }
  const subscribe = () =>
    sub.subscribe(channel).then(
      () => {
        subscribed = sub.status === 'ready';
        report();
      },
      (err: Error) => log(`redis bus subscribe: ${err.message}`),
    );
  sub.on('ready', () => {
    if (started) void subscribe();
  });
  sub.on('messageBuffer', (_channel: Buffer, data: Buffer) => {
    if (data.length > ownPrefix.length && data.subarray(0, ownPrefix.length).equals(ownPrefix)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      return;
    }
    for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
      if (typeof m === 'object' && m !== null && typeof (m as BusMessage).topic === 'string') emitter.emit('message', m as BusMessage);
    }
  });
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(channel);
  } catch (err) {
    // Not reachable at start: the process does not start (a wrong REDIS_URL shows at once), and
    // the clients stop retrying so nothing keeps it alive.
    pub.disconnect();
    sub.disconnect();
    throw err;
  }
  subscribed = true;
  started = true;

  /** `body`: the messages' JSON without its opening bracket. */
  const send = (body: string) => {
    if (pub.status !== 'ready' || inFlight >= MAX_IN_FLIGHT) return;
    inFlight += 1;
    pub
      .publish(channel, `${marker},${body}`)
      .catch((err: Error) => log(`redis bus publish: ${err.message}`))
      .finally(() => {
        inFlight -= 1;
      });
  };
  return {
    transport: 'redis',
    publish(topic, payload, userId) {
      const message: BusMessage = userId === undefined ? { topic, payload } : { topic, payload, userId };
      send(`${JSON.stringify(message)}]`);
      emitter.emit('message', message);
    },
    publishBatch(messages) {
      if (messages.length === 0) return;
      send(JSON.stringify(messages).slice(1));
      for (const m of messages) emitter.emit('message', m);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    isConnected,
    async close() {
      closing = true;
      emitter.removeAllListeners();
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}
