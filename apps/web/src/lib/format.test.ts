import { describe, expect, it } from 'vitest';
import { groupThousands, money, signedPercent, trend } from './format.js';

describe('money', () => {
  it.each([
    ['0', '0.00'],
    ['30000', '30,000.00'],
    ['1234567.899', '1,234,567.89'],
    ['-1234.5', '-1,234.50'],
    ['999.999', '999.99'],
    ['', '--'],
    ['not a number', '--'],
  ])('%s -> %s', (value, expected) => {
    expect(money(value)).toBe(expected);
  });
  it('hides amounts', () => {
    expect(money('30000', true)).toBe('******');
  });
  it('groups without a fraction too', () => {
    expect(groupThousands('1000000')).toBe('1,000,000');
  });
});

describe('signedPercent and trend', () => {
  it.each([
    ['1.256', '+1.26%', 'up'],
    ['-0.5', '-0.50%', 'down'],
    ['0', '0.00%', 'flat'],
  ])('%s -> %s %s', (value, text, direction) => {
    expect(signedPercent(value)).toBe(text);
    expect(trend(value)).toBe(direction);
  });
});
