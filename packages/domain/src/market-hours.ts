/**
 * When a market is open. Forex, metals, indices and commodities follow the forex week: closed from
 * Friday 22:00 UTC to Sunday 22:00 UTC. Crypto trades around the clock. The instant is an argument;
 * nothing here reads the clock.
 */
export type MarketSchedule = 'forex' | 'always';

const FRIDAY = 5;
const SUNDAY = 0;
const SATURDAY = 6;
const CLOSE_HOUR_UTC = 22;

export function isMarketOpen(schedule: MarketSchedule, atMs: number): boolean {
  if (schedule === 'always') return true;
  const at = new Date(atMs);
  const day = at.getUTCDay();
  const hour = at.getUTCHours();
  if (day === SATURDAY) return false;
  if (day === FRIDAY) return hour < CLOSE_HOUR_UTC;
  if (day === SUNDAY) return hour >= CLOSE_HOUR_UTC;
  return true;
}

/** The next instant (ms) at which the market's open state changes, or null when it never does. */
export function nextMarketChange(schedule: MarketSchedule, atMs: number): number | null {
  if (schedule === 'always') return null;
  const at = new Date(atMs);
  const day = at.getUTCDay();
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const hourMs = 3_600_000;
  const dayMs = 24 * hourMs;
  if (isMarketOpen(schedule, atMs)) {
    // Open: it closes at the coming Friday 22:00.
    const daysToFriday = (FRIDAY - day + 7) % 7;
    return midnight + daysToFriday * dayMs + CLOSE_HOUR_UTC * hourMs;
  }
  // Closed: it opens at the coming Sunday 22:00.
  const daysToSunday = (SUNDAY - day + 7) % 7;
  return midnight + daysToSunday * dayMs + CLOSE_HOUR_UTC * hourMs;
}
