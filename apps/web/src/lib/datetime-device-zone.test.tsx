import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { DateTime } from '../components/ui/date-time';
import { deviceTimeZone, formatChartTick, formatDateTime, formatDocumentDateTime } from './datetime';
import { initI18n, setLang } from './i18n';

// A phone in New York (UTC-5 in November). Node reads TZ again when it changes; nothing in this
// file has formatted a time before, so every formatter is made in New York's zone.
const savedZone = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

// A news item posted at 21:56 UTC: 16:56 the same day in New York, 04:56 the next day in Bangkok.
const POSTED = '2026-11-24 21:56:00';
const POSTED_MS = Date.UTC(2026, 10, 24, 21, 56, 0);

describe('a device in another zone than the chart\'s', () => {
  beforeAll(async () => {
    await initI18n('de');
  });

  it('shows times in its own zone, on their own day, not Bangkok\'s', () => {
    expect(deviceTimeZone()).toBe('America/New_York');
    expect(formatDateTime(POSTED_MS, 'en')).toBe('11/24/2026, 16:56:00');
    expect(formatDateTime(POSTED_MS, 'de')).toBe('24.11.2026, 16:56:00');
    expect(formatDateTime(POSTED_MS, 'jp')).toBe('2026/11/24 16:56:00');
    expect(formatDateTime(POSTED_MS, 'ar').replace(/\s/g, ' ')).toBe('24\u200f/11\u200f/2026، 16:56:00');
  });

  it('a document names the device\'s zone', () => {
    expect(formatDocumentDateTime(POSTED_MS, 'en').replace(/\s/g, ' ')).toBe('11/24/2026, 16:56:00 GMT-5');
  });

  it('the chart keeps Bangkok\'s axis whatever the device\'s zone', () => {
    // The chart shifts its bars by Bangkok's offset and writes them as UTC (candle-chart.tsx).
    expect(formatChartTick(POSTED_MS / 1000 + 7 * 3600, 'en', 'time')).toBe('04:56');
  });

  it('<DateTime> shows the device\'s time alone on a screen, and names the zone in a document', async () => {
    await setLang('de');
    const onScreen = render(<DateTime value={POSTED} testId="t" />);
    expect(onScreen.getByTestId('t').textContent).toBe('24.11.2026, 16:56:00');
    expect(onScreen.getByTestId('t').getAttribute('datetime')).toBe('2026-11-24T21:56:00.000Z');
    const inDocument = render(<DateTime value={POSTED} zone testId="d" />);
    expect(inDocument.getByTestId('d').textContent?.replace(/\s/g, ' ')).toBe('24.11.2026, 16:56:00 GMT-5');
    await setLang('ar');
    const arabic = render(<DateTime value={POSTED_MS} zone testId="a" />);
    expect(arabic.getByTestId('a').textContent).toContain('16:56:00');
    expect(arabic.getByTestId('a').textContent).toMatch(/-5$/);
  });
});
