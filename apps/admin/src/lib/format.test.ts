import { describe, expect, it } from 'vitest';
import { formatAmount, formatDecimal } from './format';

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
