import { describe, expect, it } from 'vitest';
import { isDesktop } from './desktop';

const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('isDesktop', () => {
  it.each([
    [1280, CHROME_DESKTOP, true, true],
    [900, CHROME_DESKTOP, true, true],
    [899, CHROME_DESKTOP, true, false],
    [375, CHROME_DESKTOP, true, false],
    [1280, CHROME_DESKTOP, false, false],
    [1280, IPHONE, true, false],
    [1024, IPAD, true, false],
  ])('%i px wide, %s, fine pointer %s: %s', (width, ua, fine, expected) => {
    expect(isDesktop(width, ua, fine)).toBe(expected);
  });
});
