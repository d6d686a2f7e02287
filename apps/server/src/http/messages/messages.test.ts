import { describe, expect, it } from 'vitest';
import { LANGS, MESSAGE_KEYS } from '@tp/contracts';
import { MESSAGES, SERVER_TEXT_KEYS, resolveLang, text } from './index.js';

describe('messages', () => {
  const keys = [...MESSAGE_KEYS, ...SERVER_TEXT_KEYS];

  it.each(LANGS)('%s has every key, non-empty, and nothing extra', (lang) => {
    const messages = MESSAGES[lang] as Record<string, string>;
    for (const key of keys) {
      expect(messages[key], `${lang}.${key}`).toBeTypeOf('string');
      expect(messages[key]!.trim(), `${lang}.${key}`).not.toBe('');
    }
    expect(Object.keys(messages).sort()).toEqual([...keys].sort());
  });

  it.each(LANGS)('%s keeps the placeholders', (lang) => {
    expect(MESSAGES[lang].bad_request_field).toContain('{field}');
    expect(MESSAGES[lang].code_text).toContain('{code}');
    expect(MESSAGES[lang].upload_too_large).toContain('{max_mb}');
    expect(MESSAGES[lang].upload_quota_count).toContain('{max}');
    expect(MESSAGES[lang].upload_quota_bytes).toContain('{max_mb}');
    expect(MESSAGES[lang].amount_below_min).toContain('{min}');
  });

  it.each(LANGS)('%s names the field of a strict-input refusal', (lang) => {
    expect(MESSAGES[lang].text_control_characters).toContain('{field}');
    expect(MESSAGES[lang].amount_too_large).toContain('{field}');
    expect(MESSAGES[lang].amount_too_large).toContain('{max}');
  });

  it('every non-English language is actually translated', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const same = MESSAGE_KEYS.filter((k) => MESSAGES[lang][k] === MESSAGES.en[k]);
      expect(same, lang).toEqual([]);
    }
  });

  it('only_true_account means "only available for a real account"', () => {
    expect(MESSAGES.en.only_true_account).toBe('Only available for a real account');
    expect(MESSAGES.hk.only_true_account).toContain('真實帳戶');
  });

  it('resolves the lang header, hk by default', () => {
    expect(resolveLang('jp')).toBe('jp');
    expect(resolveLang(undefined)).toBe('hk');
    expect(resolveLang('xx')).toBe('hk');
    expect(text('en', 'code_text', { code: '123456' })).toContain('123456');
  });
});
