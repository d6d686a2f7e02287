import { useEffect, useRef } from 'react';
import { createStore, useStore } from 'zustand';
import type { DayMarketPush, TradeSymbol } from '@tp/contracts';
import { createPacer } from '../../../lib/pacer';
import { ws, type WsMessage } from '../../../lib/ws';

/** A symbol's live 24-hour quote; `change` is a percent string. */
export interface Quote {
  close: string;
  change: string;
  high: string;
  low: string;
  open: string;
  volume: string;
}

interface QuoteState {
  /** By symbol Code. An entry keeps its identity until that symbol's quote changes. */
  quotes: Readonly<Record<string, Quote>>;
}

/**
 * Live quotes, fed by DAY_MARKET pushes outside React state (DESIGN principle 6). Components read
 * one symbol each through `useQuote`, so a tick re-renders only the rows of the symbol it moved.
 */
export const quoteStore = createStore<QuoteState>(() => ({ quotes: {} }));

function same(a: Quote | undefined, b: Quote): boolean {
  return !!a && a.close === b.close && a.change === b.change && a.high === b.high && a.low === b.low && a.open === b.open && a.volume === b.volume;
}

/**
 * When each symbol's shown quote was true: the arrival of the push it came from, or the moment the
 * trade-list request it came from left. A quote never goes back in time: a list answer that was
 * asked for before the last push (it arrives after it, or with the minute's refresh) and a push
 * held by the pacer from before the last list do not replace the newer quote. Times are the page's
 * monotonic clock (performance.now): a phone's wall clock set back would otherwise hold every quote
 * still until it caught up.
 */
const quoteTimes = new Map<string, number>();

function merge(entries: readonly (readonly [string, Quote, number])[]): void {
  const current = quoteStore.getState().quotes;
  let next: Record<string, Quote> | null = null;
  for (const [code, quote, at] of entries) {
    if ((quoteTimes.get(code) ?? -Infinity) > at) continue;
    quoteTimes.set(code, at);
    if (same((next ?? current)[code], quote)) continue;
    next ??= { ...current };
    next[code] = quote;
  }
  if (next) quoteStore.setState({ quotes: next });
}

/** The trade list's quotes become the starting point of the live ones; `askedAt`: when its request left (performance.now). */
export function seedQuotes(list: readonly TradeSymbol[], askedAt = performance.now()): void {
  merge(
    list.map((s) => {
      const q = s.ForexQuotations;
      return [s.Code, { close: q.Close, change: q.Change, high: q.High, low: q.Low, open: q.Open, volume: q.Volume }, askedAt] as const;
    }),
  );
}

function isDayMarket(m: WsMessage): m is WsMessage & DayMarketPush {
  const p = m as Partial<DayMarketPush>;
  return typeof p.symbol === 'string' && typeof p.close === 'string';
}

interface ReceivedPush {
  m: WsMessage;
  /** When it arrived (performance.now). */
  at: number;
}

function applyReceived(pushes: readonly ReceivedPush[]): void {
  const current = quoteStore.getState().quotes;
  const entries: [string, Quote, number][] = [];
  for (const { m, at } of pushes) {
    if (!isDayMarket(m)) continue;
    const prev = current[m.symbol];
    entries.push([
      m.symbol,
      {
        close: m.close,
        change: m.change ?? prev?.change ?? '0',
        high: m.high ?? prev?.high ?? m.close,
        low: m.low ?? prev?.low ?? m.close,
        open: m.open ?? prev?.open ?? m.close,
        volume: m.volume ?? prev?.volume ?? '0',
      },
      at,
    ]);
  }
  merge(entries);
}

/** Apply DAY_MARKET pushes (arrived at `at`); missing fields keep their last value. */
export function applyDayMarket(pushes: readonly WsMessage[], at = performance.now()): void {
  applyReceived(pushes.map((m) => ({ m, at })));
}

/** Forget every quote and every push not yet applied (tests). */
export function resetQuotes(): void {
  dayMarketPacer.reset();
  quoteTimes.clear();
  quoteStore.setState({ quotes: {} });
}

/**
 * One symbol's live quote; re-renders only when that symbol's quote changes. With `follow` false
 * (a row scrolled out of sight) it keeps answering the quote it last showed and re-renders on no
 * tick, until it follows again and answers the current one at once.
 */
export function useQuote(code: string | undefined, follow = true): Quote | undefined {
  const shown = useRef<{ code: string; quote: Quote | undefined } | undefined>(undefined);
  const quote = useStore(quoteStore, (s) => {
    if (!code) return undefined;
    if (!follow && shown.current?.code === code) return shown.current.quote;
    return s.quotes[code];
  });
  useEffect(() => {
    shown.current = code ? { code, quote } : undefined;
  });
  return quote;
}

/**
 * Live quotes reach the screen at most this often (lib/pacer.ts). On a mid-range phone, applying
 * every push was nearly half of the markets screen's main thread. Orders never use the shown
 * price: the server fills at the feed's price.
 */
export const QUOTE_PAINT_MS = 250;

const dayMarketPacer = createPacer<ReceivedPush>(QUOTE_PAINT_MS, applyReceived);

/** A DAY_MARKET push: applied at once after a quiet spell, else with the others at the next paint. */
export function receiveDayMarket(m: WsMessage): void {
  dayMarketPacer.push({ m, at: performance.now() });
}

/** Keep the quote store live (DAY_MARKET) while the calling screen is mounted. */
export function useDayMarketFeed(): void {
  useEffect(() => ws.subscribe('DAY_MARKET', receiveDayMarket), []);
}
