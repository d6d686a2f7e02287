import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../../../lib/datetime';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const weekdayTimes = new Map<string, Intl.DateTimeFormat>();
const relativeTimes = new Map<string, Intl.RelativeTimeFormat>();

/** "Mon 05:00" in the device's zone, in the app language's words (Latin digits, as prices). */
export function openingTime(atMs: number, lang: string): string {
  let f = weekdayTimes.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale(lang), { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    weekdayTimes.set(lang, f);
  }
  return f.format(atMs);
}

/** "in 45 min", "in 3 hr", "in 2 days": the time left, rounded to its largest useful unit. */
export function timeUntil(ms: number, lang: string): string {
  let f = relativeTimes.get(lang);
  if (!f) {
    f = new Intl.RelativeTimeFormat(dateLocale(lang), { numeric: 'always', style: 'short' });
    relativeTimes.set(lang, f);
  }
  const left = Math.max(ms, 0);
  if (left < HOUR_MS) return f.format(Math.max(1, Math.ceil(left / MINUTE_MS)), 'minute');
  if (left < 48 * HOUR_MS) return f.format(Math.round(left / HOUR_MS), 'hour');
  return f.format(Math.round(left / (24 * HOUR_MS)), 'day');
}

/**
 * When a closed market opens again: "Opens Mon 05:00" in the device's zone, and how long that is
 * from now (kept current each minute).
 */
export function NextOpening({ atMs }: { atMs: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <span className="tp-next-open" data-testid="trade-next-open">
      <bdi>{t('market.opens_at', { time: openingTime(atMs, lang) })}</bdi>
      <span className="tp-muted" data-testid="trade-next-open-in">
        {timeUntil(atMs - now, lang)}
      </span>
    </span>
  );
}
