import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import type { Lang } from '@tp/contracts';

/** antd's own texts (pagination, modals, empty states, date pickers) for each console language. */
const LOADERS: Record<Lang, () => Promise<{ default: Locale }>> = {
  en: async () => ({ default: enUS }),
  hk: () => import('antd/locale/zh_HK'),
  jp: () => import('antd/locale/ja_JP'),
  kr: () => import('antd/locale/ko_KR'),
  th: () => import('antd/locale/th_TH'),
  vn: () => import('antd/locale/vi_VN'),
  fr: () => import('antd/locale/fr_FR'),
  de: () => import('antd/locale/de_DE'),
  ru: () => import('antd/locale/ru_RU'),
  spa: () => import('antd/locale/es_ES'),
  pt: () => import('antd/locale/pt_BR'),
  ar: () => import('antd/locale/ar_EG'),
  it: () => import('antd/locale/it_IT'),
  tr: () => import('antd/locale/tr_TR'),
  id: () => import('antd/locale/id_ID'),
  my: () => import('antd/locale/ms_MY'),
  hi: () => import('antd/locale/hi_IN'),
  cs: () => import('antd/locale/cs_CZ'),
};

export const defaultAntdLocale: Locale = enUS;

export async function loadAntdLocale(lang: Lang): Promise<Locale> {
  return (await LOADERS[lang]()).default;
}
