import { describe, expect, it } from 'vitest';
import { formatAmount, formatClock, formatDecimal, formatDuration, formatFixed, isNegative, trimDecimal } from './format';

describe('formatDecimal', () => {
  it('drops trailing zeros past two decimals and keeps every significant digit', () => {
    expect(formatDecimal('250.00000000')).toBe('250.00');
    expect(formatDecimal('0.12345678')).toBe('0.12345678');
    expect(formatDecimal('1.50000000')).toBe('1.50');
    expect(formatDecimal('7')).toBe('7.00');
    expect(formatDecimal('-3.10')).toBe('-3.10');
    expect(formatDecimal('12345678901234567890.00000001')).toBe('12345678901234567890.00000001');
  });
  it('leaves anything that is not a decimal as it came', () => {
    expect(formatDecimal('n/a')).toBe('n/a');
  });
  it('names the currency', () => {
    expect(formatAmount('250.00000000', 'USDT')).toBe('250.00 USDT');
  });
});

describe('formatFixed', () => {
  it('rounds on the digits, half away from zero, and groups thousands', () => {
    expect(formatFixed('1234.5')).toBe('1,234.50');
    expect(formatFixed('-1234567.125')).toBe('-1,234,567.13');
    expect(formatFixed('0.004')).toBe('0.00');
    expect(formatFixed('-0.004')).toBe('0.00');
    expect(formatFixed('999.995')).toBe('1,000.00');
    expect(formatFixed('100000.000000000000000000', 8)).toBe('100,000.00000000');
    expect(formatFixed('42', 0)).toBe('42');
    expect(formatFixed(null)).toBe('-');
    // 0.1 + 0.2 never happens here: the digits are the digits.
    expect(formatFixed('0.30000000000000000000', 2)).toBe('0.30');
  });
  it('trims and signs', () => {
    expect(trimDecimal('0.010000')).toBe('0.01');
    expect(trimDecimal('10.000')).toBe('10');
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('-1.5')).toBe(true);
    expect(formatDuration(125_000)).toBe('2 min 05 s');
  });
});

describe('formatClock', () => {
  it('writes a time of day on the 24-hour clock in either console language: no English AM/PM beside Chinese', () => {
    const afternoon = new Date(2026, 10, 24, 15, 4, 5).getTime();
    expect(formatClock(afternoon, 'en')).toBe('15:04:05');
    expect(formatClock(afternoon, 'hk')).toBe('15:04:05');
    expect(formatClock(afternoon, 'hk')).not.toMatch(/AM|PM/);
  });
});
