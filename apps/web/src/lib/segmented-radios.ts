import { useEffect, type RefObject } from 'react';

/**
 * antd-mobile's Segmented (rc-segmented) is a set of native radio buttons, each in its label,
 * but it also calls itself a listbox and each label's text an option: a listbox whose options sit
 * among radios, which assistive technology cannot use. The radios are what works (arrow keys,
 * checked state), so the box becomes a radio group named `name` and the option roles go.
 */
export function useSegmentedRadios(ref: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => {
      if (root.getAttribute('role') !== 'radiogroup') root.setAttribute('role', 'radiogroup');
      if (root.getAttribute('aria-label') !== name) root.setAttribute('aria-label', name);
      for (const el of root.querySelectorAll('[role="option"], [aria-selected]')) {
        el.removeAttribute('role');
        el.removeAttribute('aria-selected');
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'aria-selected', 'aria-label'] });
    return () => observer.disconnect();
  }, [ref, name]);
}
