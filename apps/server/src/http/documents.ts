import type { FastifyInstance } from 'fastify';
import { createWorkerPool, WorkerPoolBusy } from '../lib/worker-pool.js';
import { refuse } from './refusal.js';

/**
 * Documents (statement and agreement PDFs) are rendered on a bounded pool of worker threads
 * (lib/worker-pool.ts), never on the request thread, which also runs the engine: a heavy document
 * costs its asker time, not everyone else's. A request that finds every thread busy and the queue
 * full is refused (documents_busy, try again) rather than queued without end.
 */
export interface Documents {
  /** Runs `fn`, an export of `module` (a file URL), on a document thread with plain-data arguments. */
  render<T>(module: URL, fn: string, args: unknown[]): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: Documents;
  }
}

/** Below the request thread for the CPU: on a busy machine the engine and cheap requests go first. */
const DOCUMENT_NICE = 10;

export function registerDocuments(app: FastifyInstance): void {
  const pool = createWorkerPool({ threads: app.config.documentThreads, queue: app.config.documentQueue, niceIncrement: DOCUMENT_NICE });
  app.decorate('documents', {
    async render<T>(module: URL, fn: string, args: unknown[]): Promise<T> {
      try {
        return await pool.run<T>(module, fn, args);
      } catch (err) {
        if (err instanceof WorkerPoolBusy) refuse('documents_busy');
        throw err;
      }
    },
  });
  app.addHook('onClose', () => pool.close());
}
