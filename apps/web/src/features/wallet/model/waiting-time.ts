import { useEffect, useState } from 'react';
import type { DrawMethod } from '@tp/contracts';
import { wireToMs } from '../../../lib/datetime';

/**
 * From when a bound method may be withdrawn to (decisions.md "withdrawal safety": a staff-set wait
 * after binding), or null once it may: `now` is the moment compared with.
 */
export function usableFrom(method: Pick<DrawMethod, 'usable_at'> | undefined, now: number): number | null {
  const at = wireToMs(method?.usable_at) ?? 0;
  return at > now ? at : null;
}

/**
 * The time now, renewed the moment one of `moments` passes: a screen showing methods in their
 * waiting time re-renders when one becomes usable, so its note goes and it may be chosen.
 */
export function useNowAcross(moments: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = moments.reduce((soonest, m) => (m > now && m < soonest ? m : soonest), Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    // Timers past ~24.8 days overflow; the waiting time is at most 30 days, so re-arm daily.
    const id = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, next - Date.now()) + 50, 86_400_000));
    return () => clearTimeout(id);
  }, [next, now]);
  return now;
}
