import { describe, expect, it } from 'vitest';
import { formatDecimal, formatDuration, isNegative, trimDecimal } from './format';

describe('formatDecimal', () => {
  it('rounds on the digits, half away from zero, and groups thousands', () => {
    expect(formatDecimal('1234.5')).toBe('1,234.50');
    expect(formatDecimal('-1234567.125')).toBe('-1,234,567.13');
    expect(formatDecimal('0.004')).toBe('0.00');
    expect(formatDecimal('-0.004')).toBe('0.00');
    expect(formatDecimal('999.995')).toBe('1,000.00');
    expect(formatDecimal('100000.000000000000000000', 8)).toBe('100,000.00000000');
    expect(formatDecimal('42', 0)).toBe('42');
    expect(formatDecimal(null)).toBe('-');
    // 0.1 + 0.2 never happens here: the digits are the digits.
    expect(formatDecimal('0.30000000000000000000', 2)).toBe('0.30');
  });
  it('trims and signs', () => {
    expect(trimDecimal('0.010000')).toBe('0.01');
    expect(trimDecimal('10.000')).toBe('10');
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('-1.5')).toBe(true);
    expect(formatDuration(125_000)).toBe('2 min 05 s');
  });
});
