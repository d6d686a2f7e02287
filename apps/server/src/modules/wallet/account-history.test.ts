import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOG_TYPES, LANGS, endpoints, type AccountLogPage, type ForexOrder, type MicroOrder } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin } from '../../test/http-helpers.js';
import { storeTick, symbolId } from '../../test/forex-helpers.js';
import { startManualEngine, type ManualFeed } from '../../test/market-helpers.js';
import type { MarketEngine } from '../../engine/market-engine.js';
import { MESSAGES, text } from '../../http/messages/index.js';
import { LEDGER_KINDS } from '../ledger/index.js';
import { microModule } from '../micro/index.js';
import { describeLine, type HistoryLine } from './wallet.service.js';

const line = (available: string, held = '0'): HistoryLine => ({ available: new Decimal(available), held: new Decimal(held) });

/** A line as each kind really posts it on the user's account (signs and buckets of its postings). */
const TYPICAL: Record<string, HistoryLine> = {
  withdrawal_hold: line('-10', '10'),
  withdrawal_paid: line('0', '-10'),
  withdrawal_release: line('10', '-10'),
  transfer: line('-10'),
  micro_stake: line('-10', '10'),
  micro_settlement: line('18', '-10'),
  forex_open: line('-11', '10'),
  forex_close: line('12', '-10'),
  forex_cancel: line('11', '-10'),
  fund_hold: line('-10', '10'),
  fund_release: line('10', '-10'),
  fund_refund: line('9', '-10'),
  follow_copy_open: line('-11', '10'),
  loan_repayment: line('-10'),
};

describe('history text of each ledger kind', () => {
  const kinds = Object.values(LEDGER_KINDS);

  it('every kind has its own MemoTran, none of them "Other", in all 18 languages', () => {
    const keys = kinds.map((kind) => describeLine(kind, TYPICAL[kind] ?? line('10')).memoKey);
    expect(keys.filter((k) => k === 'memo_other')).toEqual([]);
    expect(new Set(keys).size).toBe(kinds.length);
    for (const lang of LANGS) {
      const texts = keys.map((k) => text(lang, k));
      expect(texts.filter((s) => s === MESSAGES[lang].memo_other), lang).toEqual([]);
      expect(new Set(texts).size, lang).toBe(kinds.length);
    }
  });

  it('an option settlement says won, tie or lost; a close on an account that released no margin is a profit share', () => {
    expect(describeLine('micro_settlement', line('18', '-10')).memoKey).toBe('memo_option_won');
    expect(describeLine('micro_settlement', line('10', '-10')).memoKey).toBe('memo_option_tie');
    expect(describeLine('micro_settlement', line('0', '-10')).memoKey).toBe('memo_option_lost');
    expect(describeLine('micro_settlement', line('2', '-10')).memoKey).toBe('memo_option_lost');
    expect(describeLine('forex_close', line('-3', '-10')).memoKey).toBe('memo_contract_close');
    expect(describeLine('forex_close', line('2.5')).memoKey).toBe('memo_profit_share');
    expect(describeLine('transfer', line('5')).memoKey).toBe('memo_transfer_in');
    expect(describeLine('adjustment', line('5'))).toEqual({ type: ACCOUNT_LOG_TYPES.memo, memoKey: 'memo_adjustment' });
    // A kind this list does not know yet still shows, as other.
    expect(describeLine('something_new', line('1'))).toEqual({ type: ACCOUNT_LOG_TYPES.other, memoKey: 'memo_other' });
  });
});

describe('GET /v2/api/main/accountLog/forexChange after real trades', () => {
  let t: TestApp;
  let engine: MarketEngine;
  let feed: ManualFeed;
  const clock = { shift: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const [settler] = microModule.tickConsumers;
    ({ engine, feed } = await startManualEngine(t.db, t.app.bus, { symbols: ['ETHUSDT'], engine: { now: () => Date.now() + clock.shift, consumers: [settler] } }));
  }, 60_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  async function tick(price: string, offsetMs = 0): Promise<void> {
    feed.push({ code: 'ETHUSDT', price, atMs: Date.now() + offsetMs });
    await engine.flush();
  }

  async function history(token: string, accountTypeId: number, lang: string): Promise<AccountLogPage> {
    const res = await call<AccountLogPage>(t.app, { method: 'GET', url: `${endpoints.wallet.accountLog.path}?accountTypeId=${accountTypeId}&page=1`, headers: { authorization: token, lang } });
    expect(res.body.code).toBe(1);
    return res.body.data;
  }

  it('names every trade, option and cancel line by its kind, in the lang header language', async () => {
    const { token } = await demoLogin(t.app, `history-kinds-${Date.now()}`);
    const headers = { authorization: token, lang: 'en' };
    const post = <T>(url: string, payload: Record<string, unknown>) => call<T>(t.app, { method: 'POST', url, headers, payload });

    // Contract: a market buy opened and closed, a pending buy placed and cancelled.
    const btc = await symbolId(t.db, 'BTCUSDT');
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const open = await post<ForexOrder>(endpoints.forex.submit.path, { type: 1, cont: '0.1', forex_id: btc, status: 1, multiple: 10 });
    expect(open.body.code).toBe(1);
    await storeTick(t.db, 'BTCUSDT', '100500.00');
    expect((await post(endpoints.forex.close.path, { id: open.body.data.Id })).body.code).toBe(1);
    const pending = await post<ForexOrder>(endpoints.forex.submit.path, { type: 1, cont: '0.1', forex_id: btc, status: 0, multiple: 10, target_price: '95000' });
    expect(pending.body.code).toBe(1);
    expect((await post(endpoints.forex.cancel.path, { id: pending.body.data.Id })).body.code).toBe(1);

    // Options: a 30-second up option that settles above its entry.
    await tick('4000.00');
    const eth = await symbolId(t.db, 'ETHUSDT');
    const option = await post<MicroOrder>(endpoints.micro.submit.path, { forex_id: eth, type: 1, number: '100', seconds: 30 });
    expect(option.body.code).toBe(1);
    clock.shift = 32_000;
    await tick('4010.00', 31_000);
    await expect.poll(async () => (await history(token, 2, 'en')).data.length, { timeout: 10_000 }).toBe(3);

    const contract = await history(token, 3, 'en');
    expect(contract.data.map((r) => [r.Kind, r.Type, r.MemoTran])).toEqual([
      ['forex_cancel', ACCOUNT_LOG_TYPES.other, 'Pending order cancelled (margin and fee returned)'],
      ['forex_open', ACCOUNT_LOG_TYPES.other, 'Contract opened (margin held, fee charged)'],
      ['forex_close', ACCOUNT_LOG_TYPES.other, 'Contract closed'],
      ['forex_open', ACCOUNT_LOG_TYPES.other, 'Contract opened (margin held, fee charged)'],
      ['demo_funding', ACCOUNT_LOG_TYPES.demo_funding, 'Demo account funding'],
    ]);
    const options = await history(token, 2, 'en');
    expect(options.data.map((r) => [r.Kind, r.MemoTran])).toEqual([
      ['micro_settlement', 'Option won'],
      ['micro_stake', 'Option placed (amount held)'],
      ['demo_funding', 'Demo account funding'],
    ]);
    expect((await history(token, 1, 'en')).data.map((r) => [r.Kind, r.MemoTran])).toEqual([['demo_funding', 'Demo account funding']]);

    // The same lines in German and Arabic: each named, never "Other".
    for (const lang of ['de', 'ar'] as const) {
      const lines = [...(await history(token, 3, lang)).data, ...(await history(token, 2, lang)).data];
      expect(lines.filter((r) => r.MemoTran === MESSAGES[lang].memo_other), lang).toEqual([]);
      expect(lines.find((r) => r.Kind === 'forex_cancel')!.MemoTran).toBe(MESSAGES[lang].memo_contract_cancel);
      expect(lines.find((r) => r.Kind === 'micro_settlement')!.MemoTran).toBe(MESSAGES[lang].memo_option_won);
    }
  }, 60_000);
});
