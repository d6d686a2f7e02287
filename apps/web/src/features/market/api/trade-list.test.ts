import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYMBOLS } from '../../../test/market-harness';
import { ENTRY_FRESH_MS, refreshTradeList, TRADE_LIST_KEY, tradeListQuery } from './trade-list';

describe('entering a screen refreshes the trade list (spec section 2)', () => {
  /** The unanswered requests' answer functions, in order: each takes the envelope to send. */
  const answers: ((envelope: unknown) => void)[] = [];
  const ok = (data: unknown) => ({ code: 1, msg: 'ok', data });
  const requests = () => answers.length;
  beforeEach(() => {
    answers.length = 0;
    // Every request waits until the test answers it.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => answers.push((envelope) => resolve(new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } }))))));
  });
  const unmounts: (() => void)[] = [];
  afterEach(() => {
    unmounts.splice(0).forEach((unmount) => unmount());
    vi.unstubAllGlobals();
  });

  /** A client with the screen's query mounted (its request starts), as a screen that shows the list has it. */
  function screenClient() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    unmounts.push(new QueryObserver(client, tradeListQuery).subscribe(() => undefined));
    return client;
  }

  it('asks nothing more while a request is on its way, and lets that request finish', async () => {
    const client = screenClient();
    answers[0]!(ok(SYMBOLS));
    await vi.waitFor(() => expect(client.getQueryState(TRADE_LIST_KEY)?.status).toBe('success'));
    // a refresh underway (the minute's refetch, or the start-up request) when the screen is entered
    void client.refetchQueries({ queryKey: TRADE_LIST_KEY });
    expect(requests()).toBe(2);
    refreshTradeList(client, Date.now() + 60 * ENTRY_FRESH_MS);
    expect(requests()).toBe(2);
    answers[1]!(ok(SYMBOLS.slice(0, 1)));
    await vi.waitFor(() => expect(client.getQueryData(TRADE_LIST_KEY)).toHaveLength(1));
    expect(requests()).toBe(2);
  });

  it('takes an answer of the last few seconds as the refresh, and asks again once it is older', async () => {
    const client = screenClient();
    expect(requests()).toBe(1);
    answers[0]!(ok(SYMBOLS));
    await vi.waitFor(() => expect(client.getQueryState(TRADE_LIST_KEY)?.status).toBe('success'));
    const answeredAt = client.getQueryState(TRADE_LIST_KEY)!.dataUpdatedAt;

    refreshTradeList(client, answeredAt + ENTRY_FRESH_MS - 1);
    expect(requests()).toBe(1);
    expect(client.getQueryState(TRADE_LIST_KEY)?.isInvalidated).toBe(false);

    refreshTradeList(client, answeredAt + ENTRY_FRESH_MS);
    expect(client.getQueryState(TRADE_LIST_KEY)?.isInvalidated).toBe(true);
    await vi.waitFor(() => expect(requests()).toBe(2));
  });

  it('asks again when the last request failed, however recent', async () => {
    const client = screenClient();
    answers[0]!({ code: 0, msg: 'busy', data: null });
    await vi.waitFor(() => expect(client.getQueryState(TRADE_LIST_KEY)?.fetchStatus).toBe('idle'));
    refreshTradeList(client);
    await vi.waitFor(() => expect(requests()).toBe(2));
  });
});
