import type { Lang } from '@tp/contracts';
import enUS from 'antd-mobile/es/locales/en-US';
import zhHK from 'antd-mobile/es/locales/zh-HK';

type AntdLocale = typeof enUS;

/*
 * antd-mobile's own texts (e.g. Dialog buttons, empty states) where it ships the language; else
 * English. Like the app's texts, only the default (hk) and the fallback (en) are in the first
 * load; another language's are fetched with that language (initI18n, setLang).
 */
const LAZY: Partial<Record<Lang, () => Promise<{ default: AntdLocale }>>> = {
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
  my: () => import('antd-mobile/es/locales/ms-MY'),
};

const loaded: Partial<Record<Lang, AntdLocale>> = { en: enUS, hk: zhHK };

/** Fetch antd-mobile's texts of a language (nothing to do for hk, en or a language it lacks). */
export async function loadAntdLocale(lang: Lang): Promise<void> {
  const load = LAZY[lang];
  if (!load || loaded[lang]) return;
  loaded[lang] = (await load()).default;
}

export function antdLocale(lang: Lang): AntdLocale {
  return loaded[lang] ?? enUS;
}
