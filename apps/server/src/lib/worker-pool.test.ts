import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerPoolBusy, type WorkerPool } from './worker-pool.js';

const TASKS = new URL('../test/worker-tasks.ts', import.meta.url);

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the worker pool', () => {
  it('runs a module\'s export on a thread (the TypeScript source, as the server runs it) and answers its value or its error', async () => {
    pool = createWorkerPool({ threads: 1, queue: 4 });
    expect(await pool.run<number>(TASKS, 'sum', [2, 3])).toBe(5);
    await expect(pool.run(TASKS, 'fail', ['drawing failed'])).rejects.toThrow('drawing failed');
    await expect(pool.run(TASKS, 'nothing', [])).rejects.toThrow(/exports no function nothing/);
    // The thread is still there for the next task.
    expect(await pool.run<number>(TASKS, 'sum', [1, 1])).toBe(2);
  }, 20_000);

  it('takes at most threads + queue tasks at once and refuses the next at once, not after a wait', async () => {
    pool = createWorkerPool({ threads: 1, queue: 1 });
    const running = pool.run<string>(TASKS, 'spin', [300]);
    const waiting = pool.run<string>(TASKS, 'spin', [10]);
    const at = performance.now();
    await expect(pool.run(TASKS, 'sum', [1, 2])).rejects.toBeInstanceOf(WorkerPoolBusy);
    expect(performance.now() - at).toBeLessThan(50);
    expect(await Promise.all([running, waiting])).toEqual(['done', 'done']);
    // Room again once they are done.
    expect(await pool.run<number>(TASKS, 'sum', [1, 2])).toBe(3);
  }, 20_000);

  it('lets what it took finish when closed, and takes nothing after', async () => {
    pool = createWorkerPool({ threads: 1, queue: 1 });
    const running = pool.run<string>(TASKS, 'spin', [100]);
    await pool.close();
    expect(await running).toBe('done');
    await expect(pool.run(TASKS, 'sum', [1, 2])).rejects.toBeInstanceOf(WorkerPoolBusy);
  }, 20_000);
});
