import { LANG_BCP47, isLang } from '@tp/contracts';
import { i18next } from '../../lib/i18n';

/** A message's time in the console's language: the time today, else the date and time. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  const lang = i18next.language;
  const locale = isLang(lang) ? LANG_BCP47[lang] : undefined;
  const today = d.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(locale, today ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
}
