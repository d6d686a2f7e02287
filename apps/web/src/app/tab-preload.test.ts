import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_SCREENS_KEY } from './first-screen-chunks';
import { preloadTabScreens, preloadTabScreensWhenSettled, TAB_PRELOAD_MAX_WAIT_MS, TAB_PRELOAD_QUIET_MS } from './lazy-screens';

describe('preloading the tab screens after the first screen', () => {
  const shown = Promise.resolve();

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until the first screen’s requests are answered, then preloads once', async () => {
    const client = new QueryClient();
    const preload = vi.fn();
    let answer: (v: string) => void = () => undefined;
    const cancel = preloadTabScreensWhenSettled(client, preload, shown);
    void client.fetchQuery({ queryKey: ['home'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(preload).not.toHaveBeenCalled();
    answer('list');
    await vi.advanceTimersByTimeAsync(200);
    expect(preload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_QUIET_MS);
    expect(preload).toHaveBeenCalledTimes(1);
    void client.fetchQuery({ queryKey: ['later'], queryFn: () => Promise.resolve(1) });
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_MAX_WAIT_MS);
    expect(preload).toHaveBeenCalledTimes(1);
    cancel();
  });

  it('preloads soon when nothing is fetching, and at the latest after the longest wait', async () => {
    const idle = vi.fn();
    preloadTabScreensWhenSettled(new QueryClient(), idle, shown);
    await vi.advanceTimersByTimeAsync(200);
    expect(idle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_QUIET_MS);
    expect(idle).toHaveBeenCalledTimes(1);

    const busy = new QueryClient();
    const slow = vi.fn();
    preloadTabScreensWhenSettled(busy, slow, shown);
    void busy.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<never>(() => undefined) });
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_MAX_WAIT_MS - 100);
    expect(slow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(slow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_QUIET_MS);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('waits for the first screen itself: no query fetching while its chunk loads is not settled', async () => {
    const preload = vi.fn();
    let show: () => void = () => undefined;
    const screen = new Promise<void>((resolve) => (show = resolve));
    const client = new QueryClient();
    preloadTabScreensWhenSettled(client, preload, screen);
    await vi.advanceTimersByTimeAsync(1000);
    expect(preload).not.toHaveBeenCalled();
    show();
    void client.fetchQuery({ queryKey: ['screen'], queryFn: () => Promise.resolve('data') });
    await vi.advanceTimersByTimeAsync(200);
    expect(preload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_QUIET_MS);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('preloads after the longest wait even when the first screen never shows', async () => {
    const preload = vi.fn();
    preloadTabScreensWhenSettled(new QueryClient(), preload, new Promise<void>(() => undefined));
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_MAX_WAIT_MS - 100);
    expect(preload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(preload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_QUIET_MS);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when cancelled while it waits for quiet after the first screen settled', async () => {
    const preload = vi.fn();
    const cancel = preloadTabScreensWhenSettled(new QueryClient(), preload, shown);
    await vi.advanceTimersByTimeAsync(200);
    cancel();
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_QUIET_MS * 2);
    expect(preload).not.toHaveBeenCalled();
  });

  it('does nothing once cancelled (the effect cleaned up)', async () => {
    const preload = vi.fn();
    preloadTabScreensWhenSettled(new QueryClient(), preload, shown)();
    await vi.advanceTimersByTimeAsync(TAB_PRELOAD_MAX_WAIT_MS * 2);
    expect(preload).not.toHaveBeenCalled();
  });
});

describe('what the tab preload does', () => {
  it("only fetches the tab screens' files when the build's script is there", () => {
    const fetchOnly = vi.fn(() => true);
    preloadTabScreens(fetchOnly);
    expect(fetchOnly).toHaveBeenCalledExactlyOnceWith(TAB_SCREENS_KEY);
  });
});
