import '../trade.css';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { IChartApi, ISeriesApi, Time, UTCTimestamp } from 'lightweight-charts';
import { klinePeriodName, type KlinePoint, type KlinePush, type TradeSymbol } from '@tp/contracts';
import { CHART_UTC_OFFSET_MS, type CandlePeriod } from '@tp/domain';
import { dateLocale, formatChartCrosshair, formatChartTick, zoneName } from '../../../lib/datetime';
import { price } from '../../../lib/format';
import { useTheme, type Theme } from '../../../lib/theme';
import { ws, type WsMessage } from '../../../lib/ws';
import { createPacer } from '../../../lib/pacer';
import { useAfterPaint } from '../../../lib/after-paint';
import { useKline } from '../api/kline';
import { QUOTE_PAINT_MS } from '../model/quote-store';

/**
 * Chart times are shown in Asia/Bangkok (spec section 9), the app's one zone (lib/datetime): the
 * chart draws UTC, so bars are shifted by +7 h and the formatters read the shifted time as UTC.
 */
const SHIFT_S = CHART_UTC_OFFSET_MS / 1000;
/** Bars in view when a symbol or period is opened (the rest is a scroll away). */
const BARS_IN_VIEW = 70;

/** lightweight-charts' TickMarkType (Year, Month, DayOfMonth, Time, TimeWithSeconds) by value. */
const TICKS = ['year', 'month', 'day', 'time', 'time'] as const;

/**
 * The candles' price format: the symbol's decimals in the app language's marks (lib/format), as
 * every other price on the screen ("112.765,26" in German) - the price scale, the last price's
 * label and the crosshair's; the library would write "112765.26" whatever the language.
 */
export function chartPriceFormat(precision: number, lang: string) {
  const places = Math.max(0, precision);
  return { type: 'custom' as const, minMove: 1 / 10 ** places, formatter: (value: number) => price(value, places, lang) };
}

interface Palette { bg: string; text: string; grid: string; border: string; up: string; down: string }

/** Same colours as styles.css (--tp-*); the chart draws on a canvas and cannot read CSS itself. */
export const CHART_PALETTE: Record<Theme, Palette> = {
  light: { bg: '#ffffff', text: '#6b7280', grid: '#f0f1f3', border: '#e5e7eb', up: '#16a34a', down: '#e5484d' },
  dark: { bg: '#1a1d23', text: '#a1a7b0', grid: '#23272f', border: '#2c313a', up: '#22c55e', down: '#f05252' },
};

function alpha(hex: string, a: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

interface Bar { time: UTCTimestamp; open: number; high: number; low: number; close: number; volume: number }

function toBar(p: Pick<KlinePoint, 'Time' | 'Open' | 'High' | 'Low' | 'Close' | 'Volume'>): Bar {
  return { time: (p.Time + SHIFT_S) as UTCTimestamp, open: Number(p.Open), high: Number(p.High), low: Number(p.Low), close: Number(p.Close), volume: Number(p.Volume) };
}

type ChartLibrary = typeof import('lightweight-charts');

/**
 * The size the chart takes in a box: whole, even pixels, as the library rounds it itself. Its own
 * autoSize compares the box with the rounded size, so in a box of an odd or fractional width (375
 * and 393 px phones) every resize notice - the first one on load included - repainted the whole
 * chart at once, for no change. The chart is sized here instead, and only when this changes.
 */
function chartSize(width: number, height: number): { width: number; height: number } {
  const even = (n: number) => Math.max(0, Math.floor(n) - (Math.floor(n) % 2));
  return { width: even(width), height: even(height) };
}

interface Chart {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

function isKlinePush(m: WsMessage): m is WsMessage & KlinePush {
  return typeof m.Time === 'number' && typeof m.Period === 'string' && typeof m.Close === 'string';
}

/**
 * Candlesticks and volume of one symbol and period: history from the kline call, then the
 * current candle from `KLINE.<Code>` pushes straight into the series (no React state per tick).
 */
export function CandleChart({ symbol, period }: { symbol: TradeSymbol; period: CandlePeriod }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const theme = useTheme((s) => s.theme);
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Chart | null>(null);
  // The library once loaded: every effect below waits for it, and runs with the others of one commit.
  const [lib, setLib] = useState<ChartLibrary | null>(null);
  const kline = useKline(symbol.Id, period);
  const lastTime = useRef(0);
  const shownKey = useRef('');
  const periodRef = useRef(period);
  const palette = CHART_PALETTE[theme];
  const paletteRef = useRef(palette);
  useEffect(() => {
    periodRef.current = period;
    paletteRef.current = palette;
  });

  // The library loads on demand (only the trade screen needs it), and only after the frame with
  // the symbol and its quote has painted: on a fast network the library would otherwise arrive
  // first and its evaluation (the slowest of any script on a phone's CPU) would hold that paint
  // back. The chart's box keeps its size meanwhile.
  const painted = useAfterPaint();
  useEffect(() => {
    if (!painted) return;
    let disposed = false;
    void import('lightweight-charts').then((lc) => !disposed && setLib(lc));
    return () => {
      disposed = true;
    };
  }, [painted]);

  // The chart is created in the same commit as the effects below give it its colours, format and
  // history: all in one task, so its first paint is the finished chart (an empty chart painted
  // first and the data a paint later would cost a phone a second full paint of the canvas).
  useEffect(() => {
    const el = box.current;
    if (!lib || !el) return;
    // The labels in the app's own font (styles.css), already loaded for the page around the chart:
    // the library's default stack names other families, each one more font to look up first.
    const fontFamily = getComputedStyle(el).fontFamily;
    const rect = el.getBoundingClientRect();
    let size = chartSize(rect.width, rect.height);
    const chart = lib.createChart(el, {
      ...size,
      layout: { attributionLogo: false, fontSize: 11, ...(fontFamily ? { fontFamily } : {}) },
      rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.24 } },
      timeScale: { timeVisible: true, secondsVisible: false, rightOffset: 4, barSpacing: 7 },
      crosshair: { mode: lib.CrosshairMode.Normal },
      handleScale: { axisPressedMouseMove: { time: true, price: false } },
    });
    const candles = chart.addSeries(lib.CandlestickSeries, { borderVisible: false });
    const volume = chart.addSeries(lib.HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'vol', lastValueVisible: false, priceLineVisible: false });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    chartRef.current = { chart, candles, volume };
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            const seen = entries[entries.length - 1]?.contentRect;
            if (!seen) return;
            const next = chartSize(seen.width, seen.height);
            if (next.width === size.width && next.height === size.height) return;
            size = next;
            // At once, as the library's autoSize does: the box has its new size in this frame.
            chart.resize(next.width, next.height, true);
          });
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.remove();
      chartRef.current = null;
      shownKey.current = '';
    };
  }, [lib]);

  // Theme-aware colours, applied again on every light/dark switch.
  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    c.chart.applyOptions({
      layout: { background: { color: palette.bg }, textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.border },
      timeScale: { borderColor: palette.border },
    });
    c.candles.applyOptions({ upColor: palette.up, downColor: palette.down, wickUpColor: palette.up, wickDownColor: palette.down });
    // Volume bars carry their colour per bar: recolour the data already there.
    const bars = c.volume.data();
    if (bars.length) {
      const candles = c.candles.data();
      c.volume.setData(
        bars.map((b, i) => {
          const k = candles[i] as { open?: number; close?: number } | undefined;
          return { time: b.time, value: (b as { value: number }).value, color: alpha((k?.close ?? 0) >= (k?.open ?? 0) ? palette.up : palette.down, 0.45) };
        }),
      );
    }
  }, [lib, palette]);

  // Prices with the symbol's precision, written as the language writes numbers.
  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    c.candles.applyOptions({ priceFormat: chartPriceFormat(symbol.PricePrecision, lang) });
  }, [lib, symbol.PricePrecision, lang]);

  // Dates in the app's language (the library would use the browser's): the crosshair label with
  // the time (the date alone on daily candles), and the time axis's years, months, days and hours.
  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    const seconds = (time: Time) => (typeof time === 'number' ? time : 0);
    c.chart.applyOptions({
      localization: { locale: dateLocale(lang), timeFormatter: (time: Time) => formatChartCrosshair(seconds(time), lang, period !== 1440) },
      timeScale: { tickMarkFormatter: (time: Time, type: number) => formatChartTick(seconds(time), lang, TICKS[type] ?? 'time') },
    });
  }, [lib, lang, period]);

  // History: set on load and on every symbol/period change.
  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    const bars = (kline.data ?? []).map(toBar);
    const pal = paletteRef.current;
    c.candles.setData(bars.map(({ volume: _v, ...b }) => b));
    c.volume.setData(bars.map((b) => ({ time: b.time, value: b.volume, color: alpha(b.close >= b.open ? pal.up : pal.down, 0.45) })));
    lastTime.current = bars.length ? bars[bars.length - 1]!.time : 0;
    const key = `${symbol.Id}:${period}`;
    if (bars.length && shownKey.current !== key) {
      shownKey.current = key;
      c.chart.timeScale().setVisibleLogicalRange({ from: Math.max(0, bars.length - BARS_IN_VIEW), to: bars.length + 3 });
    }
  }, [lib, kline.data, symbol.Id, period]);

  // Live candles of the shown period, straight into the series, at the quotes' pace: the current
  // candle moves with every trade of the feed, and each update is a repaint of the whole canvas.
  useEffect(() => {
    if (!lib) return;
    const pacer = createPacer<{ bar: Bar; period: string }>(QUOTE_PAINT_MS, (pushes) => {
      const c = chartRef.current;
      const period = klinePeriodName(periodRef.current);
      const pal = paletteRef.current;
      pushes.forEach(({ bar, period: of }, i) => {
        // A push of a period no longer shown, or a candle a later push of this batch carries again.
        if (!c || of !== period || lastTime.current === 0 || bar.time < lastTime.current || pushes[i + 1]?.bar.time === bar.time) return;
        try {
          c.candles.update({ time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
          c.volume.update({ time: bar.time, value: bar.volume, color: alpha(bar.close >= bar.open ? pal.up : pal.down, 0.45) });
          lastTime.current = bar.time;
        } catch {
          /* an out-of-order push: the next one carries the current candle again */
        }
      });
    });
    const unsubscribe = ws.subscribe(`KLINE.${symbol.Code}`, (m) => {
      // Pushes name their period (`5min`).
      if (isKlinePush(m) && m.Period === klinePeriodName(periodRef.current)) pacer.push({ bar: toBar(m), period: m.Period });
    });
    return () => {
      unsubscribe();
      pacer.reset();
    };
  }, [lib, symbol.Code]);

  return (
    <div className="tp-chart" data-testid="trade-chart" data-period={period} data-code={symbol.Code}>
      <div ref={box} className="tp-chart-canvas" />
      <span className="tp-chart-zone tp-muted" data-testid="trade-chart-zone">
        {zoneName(lang)}
      </span>
      {kline.isPending || !lib ? (
        <div className="tp-chart-overlay" data-testid="trade-chart-loading">
          <SpinLoading color="primary" style={{ '--size': '28px' } as CSSProperties} />
        </div>
      ) : kline.isError ? (
        <div className="tp-chart-overlay">
          <span className="tp-muted">{t('public.load_failed')}</span>
          <Button size="small" color="primary" fill="outline" onClick={() => void kline.refetch()}>
            {t('public.retry')}
          </Button>
        </div>
      ) : kline.data && kline.data.length === 0 ? (
        <div className="tp-chart-overlay tp-muted">{t('public.no_data')}</div>
      ) : null}
    </div>
  );
}
