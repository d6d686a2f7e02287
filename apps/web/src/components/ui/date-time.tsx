import { useTranslation } from 'react-i18next';
import { formatDateTime, wireToMs, zoneLabel } from '../../lib/datetime';

/**
 * A date and time as every screen shows it (lib/datetime): in the device's zone, as the phone's
 * clock reads, written the way the app language writes dates, on one line. `zone` names the zone
 * after it, for a time that stands alone in a document (an agreement's signing, a receipt).
 * `value` is a wire date-time (UTC text) or Unix ms.
 */
export function DateTime({ value, testId, zone = false }: { value: string | number | null | undefined; testId?: string; zone?: boolean }) {
  const { i18n } = useTranslation();
  const ms = typeof value === 'number' ? value : wireToMs(value);
  if (!ms) return <span data-testid={testId}>--</span>;
  const lang = i18n.language;
  return (
    <time className="tp-datetime" dateTime={new Date(ms).toISOString()} data-testid={testId}>
      <bdi>{formatDateTime(ms, lang)}</bdi>
      {zone ? (
        <>
          {' '}
          <bdi className="tp-zone">{zoneLabel(ms, lang)}</bdi>
        </>
      ) : null}
    </time>
  );
}
