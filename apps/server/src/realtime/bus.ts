import { EventEmitter } from 'node:events';

export interface BusMessage {
  topic: string;
  payload: Record<string, unknown>;
  /** Set for private topics: only this user's sockets receive it. */
  userId?: number;
}

/**
 * Fan-out of realtime events: in-process (one server), or Redis pub/sub when REDIS_URL is set, so
 * several server processes deliver each other's events. Publish after commit.
 */
export interface Bus {
  publish(topic: string, payload: Record<string, unknown>, userId?: number): void;
  /** Several messages at once (one tick's DAY_MARKET and KLINE pushes): one Redis round trip. */
  publishBatch(messages: readonly BusMessage[]): void;
  subscribe(handler: (message: BusMessage) => void): () => void;
  /** What carries messages between processes: /healthz names it as degraded while it is away. */
  readonly transport: 'in-process' | 'redis';
  /**
   * True while messages flow between processes (always for the in-process bus). While false, a
   * process still delivers what it publishes to its own subscribers; the others miss it.
   */
  isConnected(): boolean;
  close(): Promise<void>;
}

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    transport: 'in-process',
    publish(topic, payload, userId) {
      const message: BusMessage = userId === undefined ? { topic, payload } : { topic, payload, userId };
      emitter.emit('message', message);
    },
    publishBatch(messages) {
      for (const m of messages) emitter.emit('message', m);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    isConnected: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}
