import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANG_BCP47 } from '@tp/contracts';
import { compactNumber, exactPrice, groupThousands, money, signedMoney, signedPercent, trend, trendClass } from './format.js';

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
  it.each([
    ['0.5', '0.5'],
    ['999.999', '999.999'],
    ['1000', '1,000'],
    ['12345.678', '12,345.678'],
    ['-1234567.1', '-1,234,567.1'],
    ['+100000', '+100,000'],
    ['-100', '-100'],
    ['', ''],
    ['--', '--'],
  ])('groups %j as %j', (value, grouped) => {
    expect(groupThousands(value)).toBe(grouped);
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

describe('signed amounts, prices and times', () => {
  it.each([
    ['80', '+80.00', 'tp-up'],
    ['-100.005', '-100.00', 'tp-down'],
    ['0.000000', '0.00', 'tp-muted'],
    ['-0.003900', '0.00', 'tp-muted'], // a loss too small to show is not shown as "-0.00"
    ['0.0099', '0.00', 'tp-muted'],
    ['-1234.5', '-1,234.50', 'tp-down'],
    [null, '--', 'tp-muted'],
  ])('%s -> %s %s', (value, text, cls) => {
    expect(signedMoney(value)).toBe(text);
    expect(trendClass(value)).toBe(cls);
  });
  it('shows a wire price with every decimal it carries, at least the precision', () => {
    expect(exactPrice('112365.004', 2)).toBe('112,365.004');
    expect(exactPrice('1.1', 5)).toBe('1.10000');
    expect(exactPrice('99990.00')).toBe('99,990.00');
    expect(exactPrice(null, 2)).toBe('--');
  });
});

describe('compactNumber', () => {
  it('shortens a volume in the language asked, the same on every call', () => {
    expect(compactNumber('1086001.8')).toBe('1.09M');
    expect(compactNumber('1086001.8', 'de')).toBe(compactNumber('1086001.8', 'de'));
    expect(compactNumber('1086001.8', 'de')).toMatch(/^1,09\sMio\.$/);
    expect(compactNumber('950')).toBe('950');
  });

  it('shows dashes for nothing or no number, and English for a locale the runtime refuses', () => {
    expect(compactNumber(undefined)).toBe('--');
    expect(compactNumber('')).toBe('--');
    expect(compactNumber('abc')).toBe('--');
    expect(compactNumber('1500000', 'not a locale!')).toBe('1.5M');
  });
});

describe('compactNumber against Intl', () => {
  // The table (compact-patterns.ts) is read from ICU; it must write what Intl's compact notation
  // writes, in every interface language. A failure after a Node upgrade: run
  // scripts/compact-number-patterns.mjs again.
  const LOCALES = Object.values(LANG_BCP47).map((l) => `${l}-u-nu-latn`);
  // 2995 to 9000: whole thousands from 3 to 9, which Arabic labels "آلاف", not "ألف" (a random run found 2995).
  const values = [0, 0.004, 0.5, 7, 950.567, 999.994, 999.999, 1000, 1234, 2000, 2500, 2995, 3000, 4000, 9000, 9999.995, 12345.678, 99999.999, 150000, 999999, 1086001.8, 5e7, 123456789, 999999999.9, 1.5e12, 9.99999e14];
  for (let i = 1; i < 60; i++) values.push(Math.round(10 ** ((i / 60) * 15) * 1000) / 1000);

  it.each(LOCALES)('%s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    for (const v of values) {
      expect(compactNumber(String(v), locale), String(v)).toBe(intl.format(v));
      expect(compactNumber(String(-v), locale), String(-v)).toBe(intl.format(Number(String(-v))));
    }
  });

  it('any volume up to 10^15 with up to three decimals, in every language', () => {
    const intl = new Map(LOCALES.map((l) => [l, new Intl.NumberFormat(l, { notation: 'compact', maximumFractionDigits: 2 })]));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18 }).chain((digits) => fc.bigInt({ min: 0n, max: 10n ** BigInt(digits) })), fc.constantFrom(...LOCALES), (thousandths, locale) => {
        const text = (Number(thousandths) / 1000).toString();
        if (text.includes('e')) return;
        expect(compactNumber(text, locale), text).toBe(intl.get(locale)!.format(Number(text)));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('compactNumber input', () => {
  it('reads what Number reads: spaces around, an exponent; the sign of a negative zero stays', () => {
    expect(compactNumber(' 1086001.8 ')).toBe('1.09M');
    expect(compactNumber('1.5e6', 'de-u-nu-latn')).toBe(new Intl.NumberFormat('de-u-nu-latn', { notation: 'compact', maximumFractionDigits: 2 }).format(1.5e6));
    expect(compactNumber('-0.001')).toBe('-0');
  });
});
