/** The 18 interface languages, in the order the language page lists them. `hk` is the default. */
export const LANGS = ['hk', 'en', 'jp', 'kr', 'th', 'vn', 'fr', 'de', 'ru', 'spa', 'pt', 'ar', 'it', 'tr', 'id', 'my', 'hi', 'cs'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'hk';
/** Languages written right to left. */
export const RTL_LANGS: readonly Lang[] = ['ar'];

/** Each language's own name, as shown on the language page. */
export const LANG_NAMES: Record<Lang, string> = {
  hk: '繁體中文', en: 'English', jp: '日本語', kr: '한국어', th: 'ไทย', vn: 'Tiếng Việt', fr: 'Français',
  de: 'Deutsch', ru: 'Русский', spa: 'Español', pt: 'Português', ar: 'العربية', it: 'Italiano',
  tr: 'Türkçe', id: 'Bahasa Indonesia', my: 'Bahasa Melayu', hi: 'हिन्दी', cs: 'Čeština',
};

/** BCP 47 tag for each language, for `<html lang>` and Intl formatting. */
export const LANG_BCP47: Record<Lang, string> = {
  hk: 'zh-HK', en: 'en', jp: 'ja', kr: 'ko', th: 'th', vn: 'vi', fr: 'fr', de: 'de', ru: 'ru', spa: 'es',
  pt: 'pt', ar: 'ar', it: 'it', tr: 'tr', id: 'id', my: 'ms', hi: 'hi', cs: 'cs',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
