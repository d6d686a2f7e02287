import { useTranslation } from 'react-i18next';
import { formatDateTime, wireToMs, zoneName } from '../../lib/datetime';

/**
 * A date and time as every screen shows it: in the app's one zone (lib/datetime), written the
 * way the app language writes dates, followed by the zone's name, on one line. `value` is a wire
 * date-time (UTC text) or Unix ms.
 */
export function DateTime({ value, testId }: { value: string | number | null | undefined; testId?: string }) {
  const { i18n } = useTranslation();
  const ms = typeof value === 'number' ? value : wireToMs(value);
  if (!ms) return <span data-testid={testId}>--</span>;
  const lang = i18n.language;
  return (
    <time className="tp-datetime" dateTime={new Date(ms).toISOString()} data-testid={testId}>
      <bdi>{formatDateTime(ms, lang)}</bdi> <bdi className="tp-zone">{zoneName(lang)}</bdi>
    </time>
  );
}
