import fc from 'fast-check';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANG_BCP47, LANGS } from '@tp/contracts';
import { dec } from '@tp/domain';
import { compactNumber, decimal, exactPrice, groupThousands, localNumber, money, numberLocale, percent, plainNumber, plainPercent, price, ratePercent, signedMoney, signedPercent, trend, trendClass } from './format.js';

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

// Numbers follow the interface language's format on every screen (decisions.md, "Times on
// screens, numbers"): a German screen showed prices "112,765.26" beside volumes "153.322,23".
describe('numbers in the interface language', () => {
  it.each([
    // lang, price, a loss, lots, a gain, a percentage
    ['de', '112.765,26', '-1.234,50', '0,01', '+80,00', '+1,26\u00a0%'],
    ['ar', '112,765.26', '-1,234.50', '0.01', '+80.00', '+1.26%'],
    ['jp', '112,765.26', '-1,234.50', '0.01', '+80.00', '+1.26%'],
    ['fr', '112\u202f765,26', '-1\u202f234,50', '0,01', '+80,00', '+1,26\u00a0%'],
    ['hi', '1,12,765.26', '-1,234.50', '0.01', '+80.00', '+1.26%'],
    ['tr', '112.765,26', '-1.234,50', '0,01', '+80,00', '+%1,26'],
    ['hk', '112,765.26', '-1,234.50', '0.01', '+80.00', '+1.26%'],
  ])('%s', (lang, priceText, loss, lots, gain, rate) => {
    expect(price('112765.264', 2, lang)).toBe(priceText);
    expect(money('-1234.5', false, 2, lang)).toBe(loss);
    expect(plainNumber('0.01', lang)).toBe(lots);
    expect(signedMoney('80', 2, lang)).toBe(gain);
    expect(signedPercent('1.256', 2, lang)).toBe(rate);
  });

  it('Spanish groups from five digits, as it writes numbers', () => {
    expect(money('1234.5', false, 2, 'spa')).toBe('1234,50');
    expect(money('12345.5', false, 2, 'spa')).toBe('12.345,50');
  });

  it('takes an interface language or a number locale; English for one it does not know', () => {
    expect(numberLocale('jp')).toBe('ja-u-nu-latn');
    expect(numberLocale('de')).toBe('de-u-nu-latn');
    expect(money('1234.5', false, 2, 'de-u-nu-latn')).toBe('1.234,50');
    expect(money('1234.5', false, 2, 'xx')).toBe('1,234.50');
    expect(localNumber('--', 'de')).toBe('--');
  });

  it('margin and copy-trading money with 2 decimals, a charge rounded up', () => {
    expect(decimal('562.4483', 2, 'up', 'de')).toBe('562,45');
    expect(decimal('562.4483', 2, 'half-up', 'en')).toBe('562.45');
    expect(money('0.123456', false, 2, 'de')).toBe('0,12');
    expect(signedMoney('-0.003900', 2, 'de')).toBe('0,00');
  });

  it('a rate with the decimals it carries, a risk rate without group marks', () => {
    expect(plainPercent('0.8', 'en')).toBe('0.8%');
    expect(plainPercent('0.8', 'de')).toBe('0,8\u00a0%');
    expect(percent('100', 2, 'de')).toBe('100,00\u00a0%');
    expect(ratePercent('6399.07', 2, 'en')).toBe('6399.07%');
    expect(ratePercent('6399.07', 2, 'de')).toBe('6399,07\u00a0%');
  });

  it('without a language, the app\'s language', async () => {
    await i18next.init({ lng: 'de', resources: {} });
    expect(money('112765.26')).toBe('112.765,26');
    expect(groupThousands('1234.5')).toBe('1.234,5');
    expect(compactNumber('1086001.8')).toMatch(/^1,09\sMio\.$/);
    await i18next.changeLanguage('ar');
    // Without Intl's direction marks ("\u200e-5.00"): screens isolate figures left to right.
    expect(signedMoney('-5')).toBe('-5.00');
    await i18next.changeLanguage('en');
    expect(money('112765.26')).toBe('112,765.26');
  });
});

// The marks come from tables of ICU's patterns (number-patterns.ts, compact-patterns.ts), not from
// Intl at run time; they must write what Intl.NumberFormat writes, in every interface language.
// A failure after a Node upgrade: run scripts/number-patterns.mjs (and compact-number-patterns.mjs).
describe('numbers against Intl.NumberFormat in every language', () => {
  /** Intl with an exact decimal (a string, not a float), as Intl.NumberFormat formats strings; without Arabic's direction marks, which the app leaves out. */
  const intl = (lang: string, options: Record<string, unknown>) => {
    const f = new Intl.NumberFormat(numberLocale(lang), options as Intl.NumberFormatOptions);
    return (value: string) => f.format(value as unknown as number).replace(/[\u200e\u200f\u061c]/g, '');
  };
  const VALUES = ['0', '0.004', '0.5', '7', '12.3456789', '999.995', '1000', '1234.5', '-1234.5', '12345.678', '-99999.999', '100000', '1234567.891', '-0.001', '112765.264', '987654321987.123456'];

  it.each(LANGS)('%s: money, prices, signed amounts, plain numbers and percentages', (lang) => {
    const m = intl(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'trunc' });
    const p = intl(lang, { minimumFractionDigits: 5, maximumFractionDigits: 5, roundingMode: 'halfExpand' });
    const s = intl(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'trunc', signDisplay: 'exceptZero' });
    const sp = intl(lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'halfExpand', signDisplay: 'exceptZero' });
    const pc = intl(lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'halfExpand', signDisplay: 'negative' });
    const rate = intl(lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'halfExpand', signDisplay: 'negative', useGrouping: false });
    for (const v of VALUES) {
      const places = v.split('.')[1]?.length ?? 0;
      const asFraction = dec(v).div(100).toString();
      expect(money(v, false, 2, lang), v).toBe(m(v));
      expect(price(v, 5, lang), v).toBe(p(v));
      expect(signedMoney(v, 2, lang), v).toBe(s(v));
      expect(plainNumber(v, lang), v).toBe(intl(lang, { minimumFractionDigits: places, maximumFractionDigits: places })(v));
      expect(signedPercent(v, 2, lang), v).toBe(sp(asFraction));
      expect(percent(v, 2, lang), v).toBe(pc(asFraction));
      expect(ratePercent(v, 2, lang), v).toBe(rate(asFraction));
    }
  });

  it('any amount up to 10^15 with up to six decimals, in every language', () => {
    const formats = new Map(LANGS.map((l) => [l, intl(l, { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'trunc', signDisplay: 'exceptZero' })]));
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 21n), max: 10n ** 21n }), fc.constantFrom(...LANGS), (millionths, lang) => {
        const v = dec(millionths.toString()).div(1_000_000).toFixed();
        expect(signedMoney(v, 2, lang), v).toBe(formats.get(lang)!(v));
      }),
      { numRuns: 3000 },
    );
  });
});
