import { describe, expect, it } from 'vitest';
import { decimalString, positiveAmountInput } from './money.js';
import { isKnownTopic, isPrivateTopic } from './ws.js';
import { loginInput, registerInput } from './users.js';
import { isLang, LANG_BCP47, LANG_NAMES, LANGS } from './languages.js';

describe('money on the wire', () => {
  it.each(['0', '1.5', '-2.25', '1234567890.123456789012345678'])('%s is a decimal string', (v) => {
    expect(decimalString.safeParse(v).success).toBe(true);
  });
  it.each(['1e5', '0x10', '', '1.', '.5', 'NaN', '1,5'])('%s is not', (v) => {
    expect(decimalString.safeParse(v).success).toBe(false);
  });
  it.each([['10', '10'], [10.5, '10.5'], [' 3 ', '3']])('amount %j is read as %s', (input, out) => {
    expect(positiveAmountInput.parse(input)).toBe(out);
  });
  it.each(['0', '-1', 'abc', '1e3', '0.000000001', '1234567890123'])('amount %s is refused', (v) => {
    expect(positiveAmountInput.safeParse(v).success).toBe(false);
  });
});

describe('websocket topics', () => {
  it.each([
    ['DAY_MARKET', true, false],
    ['KLINE.EURUSD', true, false],
    ['KLINE.', false, false],
    ['KLINE.<script>', false, false],
    ['FOREX_TRADE', true, true],
    ['FOREX_CLOSED', true, true],
    ['SOMETHING', false, false],
  ])('%s known=%s private=%s', (topic, known, priv) => {
    expect(isKnownTopic(topic)).toBe(known);
    expect(isPrivateTopic(topic)).toBe(priv);
  });
});

describe('user inputs', () => {
  it('normalises the e-mail and drops an empty invite code', () => {
    const r = registerInput.parse({ account: ' Bob@Example.COM ', password: 'long-enough', re_password: 'long-enough', sms_code: '123456', invite_code: '' });
    expect(r.account).toBe('bob@example.com');
    expect(r.invite_code).toBeUndefined();
    expect(r.type).toBe(1);
  });
  it('refuses short passwords and non e-mail accounts', () => {
    expect(registerInput.safeParse({ account: 'bob@example.com', password: 'short', re_password: 'short', sms_code: '1' }).success).toBe(false);
    expect(registerInput.safeParse({ account: 'not-an-email', password: 'long-enough', re_password: 'long-enough', sms_code: '1' }).success).toBe(false);
  });
  it('login accepts form strings and ignores t', () => {
    expect(loginInput.parse({ account: 'A@B.CO', password: 'x', t: '123' }).account).toBe('a@b.co');
  });
});

describe('languages', () => {
  it('has 18 languages, each with a name and a BCP 47 tag', () => {
    expect(LANGS).toHaveLength(18);
    for (const lang of LANGS) {
      expect(LANG_NAMES[lang]).toBeTruthy();
      expect(LANG_BCP47[lang]).toBeTruthy();
    }
    expect(isLang('hk')).toBe(true);
    expect(isLang('zz')).toBe(false);
  });
});
