import { DEFAULT_LANG, isLang, type Lang } from '@tp/contracts';
import type { Messages, TextKey } from './keys.js';
import { ar } from './ar.js';
import { cs } from './cs.js';
import { de } from './de.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { hi } from './hi.js';
import { hk } from './hk.js';
import { id } from './id.js';
import { it } from './it.js';
import { jp } from './jp.js';
import { kr } from './kr.js';
import { my } from './my.js';
import { pt } from './pt.js';
import { ru } from './ru.js';
import { spa } from './spa.js';
import { th } from './th.js';
import { tr } from './tr.js';
import { vn } from './vn.js';

export type { Messages, TextKey } from './keys.js';
export { SERVER_TEXT_KEYS } from './keys.js';

export const MESSAGES: Record<Lang, Messages> = { hk, en, jp, kr, th, vn, fr, de, ru, spa, pt, ar, it, tr, id, my, hi, cs };

/** The request's language: the `lang` header when it is one of the 18, else the default (hk). */
export function resolveLang(value: unknown): Lang {
  const v = Array.isArray(value) ? value[0] : value;
  return isLang(v) ? v : DEFAULT_LANG;
}

/** Localized text; `{name}` placeholders are filled from `vars`. */
export function text(lang: Lang, key: TextKey, vars: Record<string, string> = {}): string {
  const template = MESSAGES[lang][key] || MESSAGES[DEFAULT_LANG][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
