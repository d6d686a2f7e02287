import { describe, expect, it } from 'vitest';
import { chartPriceFormat } from './candle-chart';

// The chart draws its price scale on a canvas: its labels come from this format alone.
describe("the chart's price scale", () => {
  it('writes prices as the rest of the screen does: the symbol\'s decimals, the language\'s marks', () => {
    expect(chartPriceFormat(2, 'de').formatter(112765.26)).toBe('112.765,26');
    expect(chartPriceFormat(2, 'en').formatter(112765.26)).toBe('112,765.26');
    expect(chartPriceFormat(2, 'fr').formatter(112765.2)).toBe('112\u202f765,20');
    expect(chartPriceFormat(5, 'de').formatter(1.08345)).toBe('1,08345');
    expect(chartPriceFormat(2, 'ar').formatter(0.1 + 0.2)).toBe('0.30');
    expect(chartPriceFormat(5, 'en').minMove).toBe(0.00001);
    expect(chartPriceFormat(0, 'en')).toMatchObject({ type: 'custom', minMove: 1 });
  });
});
