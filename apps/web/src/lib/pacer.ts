/*
 * Live data reaches the screen at most once per interval: the feed may push a symbol twenty times
 * a second, and on a phone each push applied is a render, a layout and a paint - for changes faster
 * than anyone reads. A pacer applies the first push after a quiet spell at once and keeps the
 * pushes that follow within the interval, to apply them together when it ends (in arrival order;
 * the receiver decides what the latest of each is).
 */

export interface Pacer<T> {
  push(item: T): void;
  /** Forgets every push not yet applied. */
  reset(): void;
}

export function createPacer<T>(intervalMs: number, apply: (items: T[]) => void): Pacer<T> {
  let kept: T[] = [];
  let lastApplied = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    lastApplied = Date.now();
    const items = kept;
    kept = [];
    apply(items);
  };
  return {
    push(item) {
      kept.push(item);
      if (timer !== undefined) return;
      const wait = lastApplied + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    reset() {
      clearTimeout(timer);
      timer = undefined;
      kept = [];
      lastApplied = -Infinity;
    },
  };
}
