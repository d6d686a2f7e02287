import { useEffect, useRef, useState } from 'react';

/** After a running option reaches zero, wait this long before refreshing (spec section 4). */
export const REFRESH_AFTER_ZERO_MS = 1000;

/** "mm:ss" of a remaining time, rounded up to whole seconds (a countdown never shows 0 early). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * Counts down each second from `remainMs` (as answered by the server at `receivedAt`); once it
 * reaches zero it waits 1 second and calls `onDone` once (the list then refreshes).
 */
export function useCountdown(remainMs: number, receivedAt: number, onDone: () => void, now: () => number = Date.now): number {
  const endAt = receivedAt + remainMs;
  const [left, setLeft] = useState(() => Math.max(0, endAt - now()));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const l = Math.max(0, endAt - now());
      setLeft(l);
      if (l === 0) {
        clearInterval(timer);
        refresh = setTimeout(() => done.current(), REFRESH_AFTER_ZERO_MS);
      }
    };
    const timer = setInterval(update, 1000);
    update();
    return () => {
      clearInterval(timer);
      clearTimeout(refresh);
    };
  }, [endAt, now]);
  return left;
}
