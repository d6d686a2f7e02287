import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYMBOLS } from '../../../test/market-harness';
import { applyDayMarket, QUOTE_PAINT_MS, quoteStore, receiveDayMarket, resetQuotes, seedQuotes, useQuote } from './quote-store';

const tick = (symbol: string, close: string, change = '0.10') => ({ type: 'DAY_MARKET', symbol, close, change, high: close, low: close, open: close, volume: '5' });

beforeEach(() => resetQuotes());

describe('quote store', () => {
  it('is seeded from the trade list', () => {
    seedQuotes(SYMBOLS);
    expect(quoteStore.getState().quotes.BTCUSDT).toEqual({ close: '112352.64', change: '2.14', high: '113000', low: '109000', open: '110000', volume: '150592.39' });
  });

  it('a push replaces only the changed symbol; the others keep their identity', () => {
    seedQuotes(SYMBOLS);
    const before = quoteStore.getState().quotes;
    applyDayMarket([tick('BTCUSDT', '113000')]);
    const after = quoteStore.getState().quotes;
    expect(after).not.toBe(before);
    expect(after.BTCUSDT!.close).toBe('113000');
    for (const code of ['EURUSD', 'GBPUSD', 'XAUUSD', 'ETHUSDT']) expect(after[code]).toBe(before[code]);
  });

  it('a trade-list answer asked for before a push does not take the pushed quote back', () => {
    applyDayMarket([tick('BTCUSDT', '113000')], 2_000);
    // The list left at 1 s and answers after the push, with the price of before it.
    seedQuotes(SYMBOLS, 1_000);
    expect(quoteStore.getState().quotes.BTCUSDT!.close).toBe('113000');
    // Symbols no push has moved since take the list's quote.
    expect(quoteStore.getState().quotes.ETHUSDT!.close).toBe(SYMBOLS.find((s) => s.Code === 'ETHUSDT')!.ForexQuotations.Close);
    // A list asked for after the push is newer than it.
    seedQuotes(SYMBOLS, 3_000);
    expect(quoteStore.getState().quotes.BTCUSDT!.close).toBe('112352.64');
  });

  it('a push from before the newest list does not replace the list\'s quote', () => {
    seedQuotes(SYMBOLS, 5_000);
    applyDayMarket([tick('BTCUSDT', '1')], 4_000);
    expect(quoteStore.getState().quotes.BTCUSDT!.close).toBe('112352.64');
    applyDayMarket([tick('BTCUSDT', '2')], 6_000);
    expect(quoteStore.getState().quotes.BTCUSDT!.close).toBe('2');
  });

  it('a push that changes nothing does not touch the state', () => {
    applyDayMarket([tick('BTCUSDT', '1')]);
    const before = quoteStore.getState().quotes;
    applyDayMarket([tick('BTCUSDT', '1')]);
    applyDayMarket([{ type: 'DAY_MARKET', nothing: true }]);
    expect(quoteStore.getState().quotes).toBe(before);
  });

  it('a component re-renders only when its own symbol changes', () => {
    seedQuotes(SYMBOLS);
    const renders: Record<string, number> = {};
    function Probe({ code }: { code: string }) {
      const q = useQuote(code);
      renders[code] = (renders[code] ?? 0) + 1;
      return <span data-testid={code}>{q?.close}</span>;
    }
    const { getByTestId } = render(
      <>
        <Probe code="BTCUSDT" />
        <Probe code="ETHUSDT" />
        <Probe code="EURUSD" />
      </>,
    );
    expect(renders).toEqual({ BTCUSDT: 1, ETHUSDT: 1, EURUSD: 1 });
    act(() => applyDayMarket([tick('BTCUSDT', '113000')]));
    act(() => applyDayMarket([tick('BTCUSDT', '113001')]));
    act(() => applyDayMarket([tick('ETHUSDT', '4400')]));
    expect(getByTestId('BTCUSDT').textContent).toBe('113001');
    expect(getByTestId('ETHUSDT').textContent).toBe('4400');
    expect(renders).toEqual({ BTCUSDT: 3, ETHUSDT: 2, EURUSD: 1 });
  });

  it('a quote not followed (a row out of sight) keeps what it showed and re-renders on no tick, then shows the current one', () => {
    seedQuotes(SYMBOLS);
    let renders = 0;
    function Probe({ follow }: { follow: boolean }) {
      const q = useQuote('BTCUSDT', follow);
      renders += 1;
      return <span data-testid="quote">{q?.close}</span>;
    }
    const { getByTestId, rerender } = render(<Probe follow />);
    act(() => applyDayMarket([tick('BTCUSDT', '1')]));
    expect(getByTestId('quote').textContent).toBe('1');
    rerender(<Probe follow={false} />);
    expect(getByTestId('quote').textContent).toBe('1');
    const before = renders;
    act(() => applyDayMarket([tick('BTCUSDT', '2')]));
    act(() => applyDayMarket([tick('BTCUSDT', '3')]));
    expect(renders).toBe(before);
    expect(getByTestId('quote').textContent).toBe('1');
    rerender(<Probe follow />);
    expect(getByTestId('quote').textContent).toBe('3');
  });

  describe('pushes from the live connection', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const close = (code: string) => quoteStore.getState().quotes[code]?.close;

    it('the first push after a quiet spell shows at once; the next ones together, at most once per paint interval', () => {
      receiveDayMarket(tick('BTCUSDT', '113000'));
      expect(close('BTCUSDT')).toBe('113000');
      receiveDayMarket(tick('BTCUSDT', '113001'));
      receiveDayMarket(tick('ETHUSDT', '4400'));
      receiveDayMarket(tick('BTCUSDT', '113002'));
      expect(close('BTCUSDT')).toBe('113000');
      expect(close('ETHUSDT')).toBeUndefined();
      const states: unknown[] = [];
      const unsubscribe = quoteStore.subscribe((s) => states.push(s));
      vi.advanceTimersByTime(QUOTE_PAINT_MS - 1);
      expect(states).toHaveLength(0);
      vi.advanceTimersByTime(1);
      // One update carrying the latest of each symbol.
      expect(states).toHaveLength(1);
      expect(close('BTCUSDT')).toBe('113002');
      expect(close('ETHUSDT')).toBe('4400');
      unsubscribe();
      // Quiet for a paint interval: the next push shows at once again.
      vi.advanceTimersByTime(QUOTE_PAINT_MS);
      receiveDayMarket(tick('BTCUSDT', '113003'));
      expect(close('BTCUSDT')).toBe('113003');
    });

    it('forgets pushes not yet shown when reset', () => {
      receiveDayMarket(tick('BTCUSDT', '1'));
      receiveDayMarket(tick('BTCUSDT', '2'));
      resetQuotes();
      vi.advanceTimersByTime(QUOTE_PAINT_MS);
      expect(close('BTCUSDT')).toBeUndefined();
    });
  });
});
