import { Piscina } from 'piscina';

/*
 * A bounded pool of worker threads for pure CPU work (rendering a document): the request thread,
 * which also runs the engine's price feed and settlements, only hands plain data over and awaits
 * the bytes. Bounded twice: at most `threads` tasks run at once, so documents never take every
 * core, and at most `queue` more wait; past that `run` throws WorkerPoolBusy at once instead of
 * letting a burst queue without end. Threads start on the first task and stop after a minute
 * idle: a process that renders nothing runs none.
 *
 * A task names an exported function of a module by its file URL; the function gets the task's
 * arguments (structured clone) and its answer comes back the same way. The module is loaded once
 * per thread (worker-pool-entry.mjs), so what it keeps in memory (fonts) is read once per thread.
 */

export interface WorkerPoolOptions {
  /** Tasks running at once (threads). */
  threads: number;
  /** Tasks that may wait for a thread; the next one is refused. */
  queue: number;
  /** Tasks a little behind the request thread for the CPU (Linux nice increment of the threads). */
  niceIncrement?: number;
}

export interface WorkerPool {
  /** Runs `fn` of `module` on a thread; throws WorkerPoolBusy when `threads + queue` tasks are already in. */
  run<T>(module: URL, fn: string, args: unknown[]): Promise<T>;
  /** Takes no more tasks, lets the running and waiting ones finish, then stops the threads. */
  close(): Promise<void>;
}

/** Every thread is busy and the queue is full: the caller refuses (try again) rather than wait. */
export class WorkerPoolBusy extends Error {
  override name = 'WorkerPoolBusy';
  constructor() {
    super('every worker thread is busy and the queue is full');
  }
}

/** The task a thread runs (worker-pool-entry.mjs). */
export interface WorkerTask {
  module: string;
  fn: string;
  args: unknown[];
}

const ENTRY = new URL('./worker-pool-entry.mjs', import.meta.url).href;
const IDLE_MS = 60_000;

/** The module `name` beside the caller's (its import.meta.url), with the caller's own extension: .ts when run from source. */
export function siblingModule(callerUrl: string, name: string): URL {
  const ext = /\.[cm]?[jt]s$/.exec(new URL(callerUrl).pathname)?.[0] ?? '.js';
  return new URL(`./${name}${ext}`, callerUrl);
}

export function createWorkerPool(opts: WorkerPoolOptions): WorkerPool {
  const threads = Math.max(1, opts.threads);
  const pool = new Piscina<WorkerTask, unknown>({
    filename: ENTRY,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    // The bound is counted here (inFlight): the pool's own queue never refuses first.
    maxQueue: Infinity,
    niceIncrement: opts.niceIncrement ?? 0,
    // The entry sets up what the module needs to load (the TypeScript loader); nothing of this
    // process's command line (its inspector, its own loaders) is carried into a thread.
    execArgv: [],
  });
  // A close that times out is reported as an event; without a listener it would throw.
  pool.on('error', () => undefined);
  let inFlight = 0;
  let closed = false;
  let drained: (() => void) | undefined;
  return {
    async run<T>(module: URL, fn: string, args: unknown[]): Promise<T> {
      if (closed || inFlight >= threads + Math.max(0, opts.queue)) throw new WorkerPoolBusy();
      inFlight += 1;
      try {
        return (await pool.run({ module: module.href, fn, args })) as T;
      } finally {
        inFlight -= 1;
        if (inFlight === 0) drained?.();
      }
    },
    async close() {
      closed = true;
      // The pool's own close stops threads that have not yet taken a waiting task: what was
      // taken is finished first.
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      await pool.close();
    },
  };
}
