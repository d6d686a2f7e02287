import { expect } from 'vitest';

/**
 * The element is on screen: in the document, and neither it nor an ancestor is hidden (a kept
 * tab pane, a closed sheet, display: none). `getBy...` alone only says that it exists.
 */
export function expectShown<T extends Element>(el: T | null): T {
  expect(el, 'element').not.toBeNull();
  const found = el as T;
  expect(found.isConnected, 'in the document').toBe(true);
  for (let node: Element | null = found; node; node = node.parentElement) {
    const hidden = node.hasAttribute('hidden') || getComputedStyle(node).display === 'none' || getComputedStyle(node).visibility === 'hidden';
    expect(hidden, `hidden by ${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`).toBe(false);
  }
  return found;
}
