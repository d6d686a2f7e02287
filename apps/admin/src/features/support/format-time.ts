import { LANG_BCP47, isLang } from '@tp/contracts';
import { i18next } from '../../lib/i18n';

/** A message's time in the console's language: the time today, else the date and time. */
export function formatTime(wire: string): string {
  // `YYYY-MM-DD HH:mm:ss` is UTC on the wire; Date would read it in the browser's zone.
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(wire);
  const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : new Date(wire);
  const lang = i18next.language;
  const locale = isLang(lang) ? LANG_BCP47[lang] : undefined;
  const today = d.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(locale, today ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
}
