import { describe, expect, it } from 'vitest';
import { currentLang, i18next, initI18n, setLang, storedLang } from './index';

describe('i18n', () => {
  it('defaults to hk (Traditional Chinese) and sets <html lang dir>', async () => {
    expect(storedLang()).toBe('hk');
    await initI18n();
    expect(currentLang()).toBe('hk');
    expect(i18next.t('user.logout')).toBe('登出');
    expect(document.documentElement.getAttribute('lang')).toBe('zh-HK');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
  });

  it('switching to ar loads it, remembers it and turns the page right-to-left', async () => {
    await initI18n();
    await setLang('ar');
    expect(currentLang()).toBe('ar');
    expect(localStorage.getItem('tp.lang')).toBe('ar');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(document.documentElement.getAttribute('lang')).toBe('ar');
    expect(i18next.t('user.logout')).toBe('تسجيل الخروج');
    expect(storedLang()).toBe('ar');
  });

  it('interpolates placeholders in every language', async () => {
    await initI18n();
    for (const lang of ['en', 'jp', 'de', 'hi'] as const) {
      await setLang(lang);
      expect(i18next.t('public.network_error', { code: 'ERR_NETWORK' })).toContain('ERR_NETWORK');
      expect(i18next.t('public.resend_in', { seconds: 42 })).toContain('42');
    }
    await setLang('en');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
  });
});
