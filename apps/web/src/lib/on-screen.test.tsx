import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The browser's IntersectionObserver, reduced to what the hook uses; the test says what is seen. */
class FakeObserver {
  static made: FakeObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(
    private readonly callback: (entries: { target: Element; isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.made.push(this);
  }
  observe(e: Element) {
    this.watched.add(e);
  }
  unobserve(e: Element) {
    this.watched.delete(e);
  }
  disconnect() {
    this.watched.clear();
  }
  see(e: Element, isIntersecting: boolean) {
    this.callback([{ target: e, isIntersecting }]);
  }
}
vi.stubGlobal('IntersectionObserver', FakeObserver);
afterAll(() => vi.unstubAllGlobals());

const { useOnScreen } = await import('./on-screen');

function Row({ id }: { id: string }) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div ref={ref} data-testid={id} data-on={String(useOnScreen(ref))}>
      {id}
    </div>
  );
}

describe('useOnScreen', () => {
  it('is true until the browser says otherwise, follows what it says, for each element apart, and stops watching on unmount', () => {
    const { getByTestId, unmount } = render(
      <>
        <Row id="a" />
        <Row id="b" />
      </>,
    );
    const a = getByTestId('a');
    const b = getByTestId('b');
    expect([a.dataset.on, b.dataset.on]).toEqual(['true', 'true']);
    // One observer for every element, reaching a little beyond the screen.
    expect(FakeObserver.made).toHaveLength(1);
    const io = FakeObserver.made[0]!;
    expect(io.options.rootMargin).toBeTruthy();
    expect([...io.watched]).toEqual([a, b]);
    act(() => io.see(b, false));
    expect([a.dataset.on, b.dataset.on]).toEqual(['true', 'false']);
    act(() => io.see(b, true));
    expect(b.dataset.on).toBe('true');
    unmount();
    expect(io.watched.size).toBe(0);
  });
});
