import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLang, LANG_BCP47, LANGS, RTL_LANGS, type Lang } from '@tp/contracts';
import { storage, STORAGE_KEYS } from '../storage';

type Resource = Record<string, unknown>;

/** The shell's own texts (menu frame, header, login, errors); each feature has a namespace of its own. */
export const COMMON_NS = 'common';
/** Texts missing in a language are taken from English. */
export const FALLBACK_LANG: Lang = 'en';

/**
 * Every `locales/<lang>/<namespace>.json`, each its own chunk: a language and a namespace are
 * fetched only when the console shows them. A language folder with no files yet (the other 16 of
 * contracts' LANGS) falls back to English key by key.
 */
const localeFiles = import.meta.glob<Resource>('../../locales/*/*.json', { import: 'default' });

export function localeLoader(lang: string, ns: string): (() => Promise<Resource>) | undefined {
  return localeFiles[`../../locales/${lang}/${ns}.json`];
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang: string, ns: string, done: ReadCallback) {
    const load = localeLoader(lang, ns);
    // Not translated yet: an empty bundle, so the English fallback answers without an error.
    if (!load) return done(null, {});
    load().then(
      (data) => done(null, data),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

/** The remembered language, else the browser's when it is Chinese, else English. */
export function initialLang(): Lang {
  const saved = storage.get(STORAGE_KEYS.lang);
  if (isLang(saved)) return saved;
  const browser = globalThis.navigator?.language?.toLowerCase() ?? '';
  return browser.startsWith('zh') ? 'hk' : 'en';
}

/** `<html lang dir>` for a language. */
function applyDocumentLang(lang: Lang): void {
  const el = globalThis.document?.documentElement;
  if (!el) return;
  el.setAttribute('lang', LANG_BCP47[lang]);
  el.setAttribute('dir', RTL_LANGS.includes(lang) ? 'rtl' : 'ltr');
}

let started: Promise<void> | null = null;

/** Starts i18next with the shell's namespace and the features' (from the page registry). */
export function initI18n(namespaces: readonly string[], lang: Lang = initialLang()): Promise<void> {
  started ??= (async () => {
    await i18next
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: lang,
        fallbackLng: FALLBACK_LANG,
        supportedLngs: [...LANGS],
        ns: [COMMON_NS, ...new Set(namespaces)],
        defaultNS: COMMON_NS,
        interpolation: { escapeValue: false },
        returnNull: false,
        returnEmptyString: false,
        react: { useSuspense: false },
      });
    applyDocumentLang(lang);
  })();
  return started;
}

/** The current language: what the API `lang` header carries. */
export function currentLang(): Lang {
  const l = i18next.language;
  return isLang(l) ? l : initialLang();
}

/** Switches the language: loads its namespaces, remembers it, sets `<html lang dir>`. */
export async function setLang(lang: Lang): Promise<void> {
  storage.set(STORAGE_KEYS.lang, lang);
  await i18next.changeLanguage(lang);
  applyDocumentLang(lang);
}

export { i18next };

/** The languages the console has texts for (a `common.json`), in contracts' order. */
export function availableLangs(): Lang[] {
  return LANGS.filter((lang) => localeLoader(lang, COMMON_NS) !== undefined);
}
