import { describe, expect, it } from 'vitest';
import { expectShown } from './expect-shown';

describe('expectShown', () => {
  it('passes for a shown element and fails inside a hidden pane, for display: none and for null', () => {
    document.body.innerHTML = '<div id="pane"><span id="a">a</span></div><div hidden><span id="b">b</span></div><span id="c" style="display:none">c</span>';
    expect(expectShown(document.getElementById('a'))).toBe(document.getElementById('a'));
    expect(() => expectShown(document.getElementById('b'))).toThrow(/hidden by div/);
    expect(() => expectShown(document.getElementById('c'))).toThrow(/hidden by span/);
    expect(() => expectShown(null)).toThrow();
  });
});
