/**
 * Whether a stored price is too old to trade at (decisions: nothing is priced from a tick older
 * than its bound). A tick stamped after `nowMs` (clocks of two machines a little apart) is fresh.
 * Time is an argument, as in every rule here.
 */
export function priceIsStale(tickAtMs: number, nowMs: number, maxAgeMs: number): boolean {
  return nowMs - tickAtMs > maxAgeMs;
}
