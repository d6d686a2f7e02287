import { useEffect, useMemo, useState } from 'react';
import { MARKET_CLOSED, MARKET_OPEN, type TradeSymbol } from '@tp/contracts';

type MarketHours = Pick<TradeSymbol, 'MarketStatus' | 'MarketChangeST'>;

/** setTimeout holds at most this many milliseconds (a longer wait fires at once). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Waking a little after the instant, so a timer that fires early does not find it still ahead. */
const AFTER_CHANGE_MS = 50;

/**
 * Whether a symbol's market is open at `atMs`. The trade list says whether it is open and when
 * that next changes; the list is read again only every minute, so once that instant has passed
 * the state is the other one until the next answer says more.
 */
export function marketOpenAt(s: MarketHours, atMs: number): boolean {
  const open = s.MarketStatus === MARKET_OPEN;
  return s.MarketChangeST !== null && atMs >= s.MarketChangeST ? !open : open;
}

/** Whether the symbol's market is open now, rendered again at the instant it opens or closes. */
export function useMarketOpen(s: MarketHours): boolean {
  const [now, setNow] = useState(() => Date.now());
  const change = s.MarketChangeST;
  useEffect(() => {
    if (change === null || now >= change) return;
    const wait = change - Date.now();
    // A newer answer may name an instant the device's clock has already passed.
    if (wait <= 0) {
      setNow(Date.now());
      return;
    }
    const id = setTimeout(() => setNow(Date.now()), Math.min(wait + AFTER_CHANGE_MS, MAX_TIMEOUT_MS));
    return () => clearTimeout(id);
  }, [change, now]);
  return marketOpenAt(s, now);
}

/**
 * The symbol with MarketStatus as it is now: what the trade screen and its order forms read, so
 * the buy and sell buttons follow the market's opening without waiting for the next list. A
 * flipped symbol has no known next change until the list is read again.
 */
export function useLiveSymbol(s: TradeSymbol): TradeSymbol {
  const open = useMarketOpen(s);
  return useMemo(() => {
    if (open === (s.MarketStatus === MARKET_OPEN)) return s;
    return { ...s, MarketStatus: open ? MARKET_OPEN : MARKET_CLOSED, MarketChangeST: null };
  }, [s, open]);
}
