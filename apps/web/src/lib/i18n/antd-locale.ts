import type { Lang } from '@tp/contracts';
import enUS from 'antd-mobile/es/locales/en-US';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import thTH from 'antd-mobile/es/locales/th-TH';
import viVN from 'antd-mobile/es/locales/vi-VN';
import frFR from 'antd-mobile/es/locales/fr-FR';
import deDE from 'antd-mobile/es/locales/de-DE';
import ruRU from 'antd-mobile/es/locales/ru-RU';
import esES from 'antd-mobile/es/locales/es-ES';
import ptBR from 'antd-mobile/es/locales/pt-BR';
import arSA from 'antd-mobile/es/locales/ar-SA';
import itIT from 'antd-mobile/es/locales/it-IT';
import trTR from 'antd-mobile/es/locales/tr-TR';
import idID from 'antd-mobile/es/locales/id-ID';
import msMY from 'antd-mobile/es/locales/ms-MY';

type AntdLocale = typeof enUS;

/** antd-mobile's own texts (e.g. Dialog buttons, empty states) where it ships the language; else English. */
const MAP: Partial<Record<Lang, AntdLocale>> = {
  en: enUS, hk: zhHK, jp: jaJP, kr: koKR, th: thTH, vn: viVN, fr: frFR, de: deDE, ru: ruRU,
  spa: esES, pt: ptBR, ar: arSA, it: itIT, tr: trTR, id: idID, my: msMY,
};

export function antdLocale(lang: Lang): AntdLocale {
  return MAP[lang] ?? enUS;
}
