import { describe, expect, it } from 'vitest';
import { isMarketOpen, nextMarketChange } from './market-hours.js';

const at = (iso: string) => Date.parse(iso);

describe('isMarketOpen (forex week)', () => {
  it.each([
    ['2026-11-16T00:00:00Z', true], // Monday
    ['2026-11-20T21:59:59Z', true], // Friday just before the close
    ['2026-11-20T22:00:00Z', false], // Friday close
    ['2026-11-21T12:00:00Z', false], // Saturday
    ['2026-11-22T21:59:59Z', false], // Sunday before the open
    ['2026-11-22T22:00:00Z', true], // Sunday open
    ['2026-11-18T23:30:00Z', true], // Wednesday night
  ])('%s -> %s', (iso, open) => {
    expect(isMarketOpen('forex', at(iso))).toBe(open);
  });

  it('crypto is always open', () => {
    expect(isMarketOpen('always', at('2026-11-21T12:00:00Z'))).toBe(true);
    expect(nextMarketChange('always', at('2026-11-21T12:00:00Z'))).toBeNull();
  });
});

describe('nextMarketChange', () => {
  it.each([
    ['2026-11-16T10:00:00Z', '2026-11-20T22:00:00.000Z'], // Monday -> Friday close
    ['2026-11-20T21:00:00Z', '2026-11-20T22:00:00.000Z'], // Friday evening -> the same day's close
    ['2026-11-20T22:00:00Z', '2026-11-22T22:00:00.000Z'], // at the close -> Sunday open
    ['2026-11-21T08:00:00Z', '2026-11-22T22:00:00.000Z'], // Saturday -> Sunday open
    ['2026-11-22T23:00:00Z', '2026-11-27T22:00:00.000Z'], // Sunday after the open -> next Friday
  ])('%s -> %s', (iso, expected) => {
    expect(new Date(nextMarketChange('forex', at(iso)) as number).toISOString()).toBe(expected);
  });
});
