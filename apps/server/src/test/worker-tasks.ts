/** Tasks for the worker pool's own test (lib/worker-pool.test.ts): they run on its threads. */

export async function sum(a: number, b: number): Promise<number> {
  return a + b;
}

/** Holds its thread for `ms` of CPU: a document being drawn. */
export function spin(ms: number): string {
  const until = Date.now() + ms;
  while (Date.now() < until);
  return 'done';
}

export function fail(message: string): never {
  throw new Error(message);
}
