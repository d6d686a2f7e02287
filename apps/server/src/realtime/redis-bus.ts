import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Bus, BusMessage } from './bus.js';

export const REDIS_BUS_CHANNEL = 'tp:bus';

export interface RedisBusOptions {
  url: string;
  channel?: string;
  log?: (msg: string) => void;
}

/**
 * The bus over Redis pub/sub: every process publishes to one channel and delivers what it receives
 * (its own messages included, so there is a single delivery path). A Redis message is one
 * BusMessage or an array of them. Pub/sub needs its own connection, hence two clients; ioredis
 * reconnects and resubscribes by itself.
 */
export async function createRedisBus(opts: RedisBusOptions): Promise<Bus> {
  const channel = opts.channel ?? REDIS_BUS_CHANNEL;
  const log = opts.log ?? (() => undefined);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const clientOptions = { maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: (n: number) => Math.min(n * 200, 2000) };
  const pub = new Redis(opts.url, clientOptions);
  const sub = new Redis(opts.url, clientOptions);
  let subscribed = false;
  for (const c of [pub, sub]) c.on('error', (err: Error) => log(`redis bus: ${err.message}`));
  sub.on('ready', () => {
    subscribed = true;
  });
  sub.on('close', () => {
    subscribed = false;
  });
  sub.on('messageBuffer', (_channel: Buffer, data: Buffer) => {
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
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);
  subscribed = true;

  const send = (data: string) => pub.publish(channel, data).catch((err: Error) => log(`redis bus publish: ${err.message}`));
  return {
    publish(topic, payload, userId) {
      // Single events (an order closed) wait in ioredis's queue through a reconnect.
      void send(JSON.stringify(userId === undefined ? { topic, payload } : { topic, payload, userId }));
    },
    publishBatch(messages) {
      // Market batches are dropped while Redis is away rather than queued: the next tick supersedes them.
      if (messages.length > 0 && pub.status === 'ready') void send(JSON.stringify(messages));
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    isConnected: () => subscribed && sub.status === 'ready' && pub.status === 'ready',
    async close() {
      emitter.removeAllListeners();
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}
