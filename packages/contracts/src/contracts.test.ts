import { describe, expect, it } from 'vitest';
import { decimalString, positiveAmountInput } from './money.js';
import { isKnownTopic, isPrivateTopic } from './ws.js';
import { loginInput, registerInput } from './users.js';
import { isLang, LANG_BCP47, LANG_NAMES, LANGS } from './languages.js';
import { dayQuoteSchema, forexQuotationsSchema, fromForexQuotations, toForexQuotations } from './market.js';
import { FOREX_CLOSE_TYPE, FOREX_DEAL_TAB, FOREX_DEAL_TAB_STATUSES, FOREX_DEAL_TABS, FOREX_STATUS } from './forex-constants.js';
import { forexMyDealQuery } from './forex.js';

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

describe('forex tabs and close types', () => {
  it('my_deal accepts exactly the tabs, holding by default', () => {
    for (const tab of FOREX_DEAL_TABS) expect(forexMyDealQuery.parse({ status: String(tab) }).status).toBe(tab);
    expect(forexMyDealQuery.parse({}).status).toBe(FOREX_DEAL_TAB.holding);
    expect(forexMyDealQuery.safeParse({ status: '2' }).success).toBe(false);
  });
  it('every tab lists its statuses; a closing order shows in none, history has closed and cancelled', () => {
    expect(FOREX_DEAL_TAB_STATUSES[FOREX_DEAL_TAB.history]).toEqual([FOREX_STATUS.closed, FOREX_STATUS.cancelled]);
    expect(Object.values(FOREX_DEAL_TAB_STATUSES).flat()).not.toContain(FOREX_STATUS.closing);
    expect(Object.keys(FOREX_DEAL_TAB_STATUSES).map(Number)).toEqual([...FOREX_DEAL_TABS].sort());
  });
  it('close types are the numbers of decisions.md', () => {
    expect(FOREX_CLOSE_TYPE).toEqual({ user: 1, stopOut: 2, takeProfit: 3, stopLoss: 4, admin: 5 });
  });
});

describe('the day quote', () => {
  const day = { open: '100.00', close: '101.50', change: '1.50', high: '102.00', low: '99.00', volume: '12.5' };
  it('converts to the trade list form and back without loss', () => {
    const wire = toForexQuotations(day);
    expect(wire).toEqual({ Open: '100.00', Close: '101.50', Change: '1.50', High: '102.00', Low: '99.00', Volume: '12.5' });
    expect(forexQuotationsSchema.parse(wire)).toEqual(wire);
    expect(fromForexQuotations(wire)).toEqual(day);
  });
  it('refuses a float where a decimal string belongs', () => {
    expect(dayQuoteSchema.safeParse({ ...day, close: 101.5 }).success).toBe(false);
  });
});
