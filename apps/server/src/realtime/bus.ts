import { EventEmitter } from 'node:events';

export interface BusMessage {
  topic: string;
  payload: Record<string, unknown>;
  /** Set for private topics: only this user's sockets receive it. */
  userId?: number;
}

/**
 * Fan-out of realtime events. In-process now; a Redis-backed implementation (REDIS_URL) keeps this
 * interface so several server processes deliver each other's events. Publish after commit.
 */
export interface Bus {
  publish(topic: string, payload: Record<string, unknown>, userId?: number): void;
  subscribe(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(topic, payload, userId) {
      const message: BusMessage = userId === undefined ? { topic, payload } : { topic, payload, userId };
      emitter.emit('message', message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
