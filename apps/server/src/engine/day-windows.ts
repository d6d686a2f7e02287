import type { Executor } from '../db/database.js';
import { minuteCandlesFrom, type StoredCandle } from './tick-store.js';

const DAY_MS = 24 * 3_600_000;
/** Minutes kept beyond the day, so a snapshot for a current minute a little ahead still finds its whole day. */
const SLACK_MS = 10 * 60_000;

/**
 * The 1-minute candles of the last day, every symbol's, kept warm by a standby so that taking the
 * engine over costs a read of the last few minutes instead of 28 x 1440 candles: a graceful
 * handover's price gap is mostly the new leader's start. Each refresh reads again from the newest
 * minute it holds (that minute was still open then) and drops what is older than a day.
 */
export class DayWindows {
  private readonly bySymbol = new Map<number, StoredCandle[]>();
  private newestMs: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  async refresh(db: Executor): Promise<void> {
    const from = this.newestMs ?? this.now() - DAY_MS - SLACK_MS;
    const rows = await minuteCandlesFrom(db, from);
    for (const c of rows) {
      let list = this.bySymbol.get(c.symbolId);
      if (!list) this.bySymbol.set(c.symbolId, (list = []));
      // Rows come oldest first; one at the time of the last one held replaces it (it was open then).
      while (list.length > 0 && list.at(-1)!.time >= c.time) list.pop();
      list.push(c);
      if (this.newestMs === undefined || c.time > this.newestMs) this.newestMs = c.time;
    }
    const oldest = (this.newestMs ?? this.now()) - DAY_MS - SLACK_MS;
    for (const list of this.bySymbol.values()) {
      let drop = 0;
      while (drop < list.length && list[drop]!.time < oldest) drop += 1;
      if (drop > 0) list.splice(0, drop);
    }
  }

  /** Each symbol's closed minutes of the day before its current minute (`currentMinute`: symbol id -> time). */
  closedMinutesOfDay(currentMinute: ReadonlyMap<number, number>): Map<number, StoredCandle[]> {
    const out = new Map<number, StoredCandle[]>();
    for (const [id, current] of currentMinute) {
      const list = this.bySymbol.get(id) ?? [];
      out.set(
        id,
        list.filter((c) => c.time >= current - DAY_MS && c.time < current),
      );
    }
    return out;
  }
}
