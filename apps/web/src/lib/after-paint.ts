import { startTransition, useEffect, useState } from 'react';

/*
 * For the parts of a screen that may come a moment after the rest: false on the render that
 * mounts the caller, true once the browser has painted that render's frame (a frame and a task
 * later). A phone then paints what the screen is about first, and does the rest as separate,
 * shorter pieces of work, rather than one long one that holds that first paint back and leaves
 * the page unable to answer a tap meanwhile.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    // the frame's callbacks run before its paint; a task queued from there runs after it
    const frame = requestAnimationFrame(() => {
      // a transition: React renders what comes in slices of a few milliseconds, yielding between
      // them, rather than in one piece
      task = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    // whichever of the two is pending when the caller goes, it never runs
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);
  return painted;
}
