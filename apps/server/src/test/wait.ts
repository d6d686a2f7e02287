export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `cond` every `everyMs` until it holds; throws naming `what` after `timeoutMs`. Resolves with the time it took. */
export async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition', everyMs = 25): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await cond()) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
