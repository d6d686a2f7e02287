import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { DEFAULT_LANG, isLang, LANG_BCP47, LANGS, RTL_LANGS, type Lang } from '@tp/contracts';
import { storage, STORAGE_KEYS } from '../storage';
import { loadAntdLocale } from './antd-locale';
import hk from '../../locales/hk.json';
import en from '../../locales/en.json';

type Resource = Record<string, unknown>;

/** The language i18next falls back to for a missing text, and whose texts are asked for beside any other. */
const FALLBACK_LANG: Lang = 'en';

/** Other languages load on demand: only the default and the fallback are in the main bundle. */
const lazyLocales = import.meta.glob<Resource>(['../../locales/*.json', '!../../locales/hk.json', '!../../locales/en.json'], { import: 'default' });

function loaderFor(lang: Lang): (() => Promise<Resource>) | undefined {
  return lazyLocales[`../../locales/${lang}.json`];
}

/*
 * A feature's own texts live beside it, in features/<feature>/locales/<lang>.json, and form the
 * i18next namespace <feature>. They are fetched with the feature's first screen (its
 * useTranslation('<feature>') suspends until then), so a feature adds nothing to the first load
 * and each feature's keys stay in its own files.
 */
const featureLocales = import.meta.glob<Resource>('../../features/*/locales/*.json', { import: 'default' });

/** The namespaces that exist, for tests and checks: one per feature with a locales folder. */
export const FEATURE_NAMESPACES: readonly string[] = [...new Set(Object.keys(featureLocales).map((path) => path.split('/')[3]!))].sort();

/** One fetch per language and namespace, whoever asks first: i18next's backend or prefetchTexts. */
const namespaceLoads = new Map<string, Promise<Resource>>();

function loadNamespace(lang: string, ns: string): Promise<Resource> {
  const key = `${lang}/${ns}`;
  let loading = namespaceLoads.get(key);
  if (!loading) {
    const load = ns === 'translation' ? (isLang(lang) ? loaderFor(lang) : undefined) : featureLocales[`../../features/${ns}/locales/${lang}.json`];
    loading = load ? load() : Promise.resolve({});
    // A failed fetch may be asked again (i18next retries; a later screen asks anew).
    loading.catch(() => namespaceLoads.delete(key));
    namespaceLoads.set(key, loading);
  }
  return loading;
}

/**
 * Starts fetching features' texts in `lang` and in English (the fallback i18next also reads)
 * before i18next is running: for the screen the app opens on, whose texts would otherwise be
 * asked for only once i18next has started, after the screen's code and data were already asked.
 */
export function prefetchTexts(namespaces: readonly string[], lang: Lang): void {
  for (const ns of namespaces) for (const l of new Set([lang, FALLBACK_LANG])) void loadNamespace(l, ns).catch(() => undefined);
}

/** Whether the texts of `ns` in `lang` have been asked for (tests). */
export function textsRequested(lang: string, ns: string): boolean {
  return namespaceLoads.has(`${lang}/${ns}`);
}

export function storedLang(): Lang {
  const saved = storage.get(STORAGE_KEYS.lang);
  return isLang(saved) ? saved : DEFAULT_LANG;
}

export function isRtl(lang: Lang): boolean {
  return RTL_LANGS.includes(lang);
}

/** `<html lang dir>` for a language. */
export function applyDocumentLang(lang: Lang): void {
  const el = globalThis.document?.documentElement;
  if (!el) return;
  el.setAttribute('lang', LANG_BCP47[lang]);
  el.setAttribute('dir', isRtl(lang) ? 'rtl' : 'ltr');
}

async function ensureLoaded(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaderFor(lang);
  if (!load) return;
  const data = await load();
  i18next.addResourceBundle(lang, 'translation', data, true, true);
}

let initPromise: Promise<I18n> | null = null;

/** Start i18next with the remembered language (default hk); English fills any gap. */
export function initI18n(lang: Lang = storedLang()): Promise<I18n> {
  if (initPromise) return initPromise;
  initPromise = (async () => {
    await i18next.use(initReactI18next).use(resourcesToBackend(loadNamespace)).init({
      resources: { hk: { translation: hk }, en: { translation: en } },
      // hk and en ship their common texts in the bundle; every other namespace or language comes from the backend
      partialBundledLanguages: true,
      ns: ['translation'],
      defaultNS: 'translation',
      lng: DEFAULT_LANG,
      fallbackLng: [FALLBACK_LANG],
      supportedLngs: [...LANGS],
      interpolation: { escapeValue: false },
      returnNull: false,
      returnEmptyString: false,
      react: { useSuspense: false },
    });
    await Promise.all([ensureLoaded(lang), loadAntdLocale(lang)]);
    await i18next.changeLanguage(lang);
    applyDocumentLang(lang);
    return i18next;
  })();
  return initPromise;
}

/** The current language (what goes in the API `lang` header). */
export function currentLang(): Lang {
  const l = i18next.language;
  return isLang(l) ? l : storedLang();
}

/** Switch language: load it, remember it, set `<html lang dir>`. */
export async function setLang(lang: Lang): Promise<void> {
  await Promise.all([ensureLoaded(lang), loadAntdLocale(lang)]);
  storage.set(STORAGE_KEYS.lang, lang);
  await i18next.changeLanguage(lang);
  applyDocumentLang(lang);
}

export { i18next };
