import { useEffect, useState, type RefObject } from 'react';

/*
 * Whether an element is on the screen (or within a screen's reach of it), for parts that only
 * need to follow live data while someone can see them: the market list re-rendering every one of
 * its dozens of rows on each quote tick costs a phone's main thread for rows nobody sees. One
 * IntersectionObserver serves every such element. Without IntersectionObserver (an old browser,
 * the unit tests' DOM) everything counts as on screen.
 */

/** Rows this close below or above the screen already follow, so a scroll shows them current. */
const REACH = '50% 0px';

const listeners = new Map<Element, (onScreen: boolean) => void>();
let observer: IntersectionObserver | undefined;

function sharedObserver(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) listeners.get(e.target)?.(e.isIntersecting);
    },
    { rootMargin: REACH },
  );
  return observer;
}

/** Whether `ref`'s element is on (or near) the screen; true until the browser has said otherwise. */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    const io = sharedObserver();
    if (!element || !io) return;
    listeners.set(element, setOnScreen);
    io.observe(element);
    return () => {
      io.unobserve(element);
      listeners.delete(element);
    };
  }, [ref]);
  return onScreen;
}
