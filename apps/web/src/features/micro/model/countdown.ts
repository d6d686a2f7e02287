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
 * When an option expires, on this device's clock. The server answers its expiry (`ExpireAtST`,
 * server clock) and the time left at the moment it answered (`RemainMilliSeconds`), so the
 * server's clock then read `ExpireAtST - RemainMilliSeconds` while the device's read `receivedAt`:
 * their difference is the clock offset, and the expiry moved by it is when the device must show
 * zero. A phone whose clock is minutes off still counts the option's true seconds.
 */
export function expiryOnDevice(order: { ExpireAtST: number; RemainMilliSeconds: number }, receivedAt: number): number {
  const serverAheadMs = order.ExpireAtST - order.RemainMilliSeconds - receivedAt;
  return order.ExpireAtST - serverAheadMs;
}

/**
 * Counts down each second from `remainMs` (as answered by the server at `receivedAt`); once it
 * reaches zero it waits 1 second and calls `onDone` once (the list then refreshes).
 */
export function useCountdown(remainMs: number, receivedAt: number, onDone: () => void, now: () => number = Date.now): number {
  return useCountdownTo(receivedAt + remainMs, onDone, now);
}

/** The same countdown to a time on this device's clock (expiryOnDevice). */
export function useCountdownTo(endAt: number, onDone: () => void, now: () => number = Date.now): number {
  const [left, setLeft] = useState(() => Math.max(0, endAt - now()));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const l = Math.max(0, endAt - now());
      setLeft(l);
      if (l === 0) {
        timer = setTimeout(() => done.current(), REFRESH_AFTER_ZERO_MS);
        return;
      }
      // Wake just after the shown second changes (whole seconds, rounded up), so each second lasts
      // a second and zero shows at the expiry itself, not up to a second late.
      timer = setTimeout(update, (l % 1000 || 1000) + 5);
    };
    update();
    return () => clearTimeout(timer);
  }, [endAt, now]);
  return left;
}
