import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './after-paint';

function Probe() {
  return <output data-testid="probe">{useAfterPaint() ? 'after' : 'first'}</output>;
}

describe('useAfterPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Animation frames the test runs itself, as the browser would before it paints. */
  function manualFrames() {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => (frames[id - 1] = () => undefined));
    return () => frames.splice(0).forEach((cb) => cb(0));
  }
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('is false on the first render and until the frame has been painted, then true', async () => {
    const runFrame = manualFrames();
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('first');
    await act(nextTask);
    // no frame yet: still the first render's state
    expect(screen.getByTestId('probe').textContent).toBe('first');
    act(runFrame);
    // the frame's callbacks run before its paint: the change waits for the task after it
    expect(screen.getByTestId('probe').textContent).toBe('first');
    await act(nextTask);
    expect(screen.getByTestId('probe').textContent).toBe('after');
  });

  it('gives up its frame when its component goes before the paint', () => {
    manualFrames();
    const cancel = vi.fn();
    vi.stubGlobal('cancelAnimationFrame', cancel);
    const { unmount } = render(<Probe />);
    unmount();
    // the one frame asked for (the first id) is given back
    expect(cancel).toHaveBeenCalledWith(1);
  });
});
