import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type AdminBankAccount, type AdminBankCoin, type AdminDepositAddress } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, expectRefused, registerUser } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';

let t: TestApp;
let admin: string;
let user: string;
const e = endpoints.adminConfig;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  user = (await registerUser(t.app, t.dataDir)).token;
});
afterAll(async () => {
  await t.close();
});

const audited = (target: string) => t.db.selectFrom('audit_log').select(['action', 'detail']).where('target', '=', target).orderBy('id').execute();

describe('deposit addresses', () => {
  it('creates, changes and retires an address; users see only enabled ones', async () => {
    const made = await callEndpoint(t.app, e.createDepositAddress, { token: admin, input: { currency_code: 'USDC', protocol_code: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' } });
    expect(made.body).toMatchObject({ code: 1, data: { currency_code: 'USDC', enabled: true } });
    const id = (made.body.data as AdminDepositAddress).id;
    expectRefused(await callEndpoint(t.app, e.createDepositAddress, { token: admin, input: { currency_code: 'USDC', protocol_code: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' } }), 'config_duplicate');
    expectRefused(await callEndpoint(t.app, e.createDepositAddress, { token: admin, input: { currency_code: 'USDC', protocol_code: 'ERC20', address: '<script>' } }), 'bad_request');
    const shown = async () => ((await callEndpoint(t.app, endpoints.deposits.addresses, { token: user })).body.data as { id: number }[]).map((a) => a.id);
    expect(await shown()).toContain(id);
    expect((await callEndpoint(t.app, e.updateDepositAddress, { token: admin, params: { id }, input: { enabled: false } })).body.data).toMatchObject({ enabled: false });
    expect(await shown()).not.toContain(id);
    const list = (await callEndpoint(t.app, e.depositAddresses, { token: admin })).body.data as AdminDepositAddress[];
    expect(list.find((a) => a.id === id)).toMatchObject({ enabled: false });
    expect((await audited(`deposit_address:${id}`)).map((a) => a.action)).toEqual(['deposit_address.create', 'deposit_address.update']);
  });
});

describe('collection accounts', () => {
  it('bank currencies and their accounts: create, change, retire; audited with before and after', async () => {
    const coin = await callEndpoint(t.app, e.createBankCoin, { token: admin, input: { name: 'gbp' } });
    expect(coin.body.data).toMatchObject({ name: 'GBP', enabled: true });
    const coinId = (coin.body.data as AdminBankCoin).id;
    expectRefused(await callEndpoint(t.app, e.createBankCoin, { token: admin, input: { name: 'GBP' } }), 'config_duplicate');

    const input = { bank_coin_id: coinId, bank_name: 'Thames Commercial Bank', bank_swift: 'tcbkgb2l', payee_name: 'Harbour Point Ltd', payee_account: 'GB29 NWBK 6016 1331 9268 19' };
    const account = await callEndpoint(t.app, e.createBankAccount, { token: admin, input });
    expect(account.body.data).toMatchObject({ bank_coin: 'GBP', bank_swift: 'TCBKGB2L', bank_address: '', enabled: true });
    const accountId = (account.body.data as AdminBankAccount).id;
    expectRefused(await callEndpoint(t.app, e.createBankAccount, { token: admin, input: { ...input, bank_coin_id: 99999 } }), 'config_bank_coin_missing');

    const wire = async () => ((await callEndpoint(t.app, endpoints.deposits.wireInfo, { token: user, input: { bank_coin: coinId } as never })).body.data as { id: number }[]).map((a) => a.id);
    expect(await wire()).toEqual([accountId]);
    const changed = await callEndpoint(t.app, e.updateBankAccount, { token: admin, params: { id: accountId }, input: { bank_remark: 'Quote your UID', enabled: false } });
    expect(changed.body.data).toMatchObject({ bank_remark: 'Quote your UID', enabled: false, bank_name: 'Thames Commercial Bank' });
    expect(await wire()).toEqual([]);
    const audit = await audited(`bank_account:${accountId}`);
    expect(audit[1]!.detail).toMatchObject({ before: { enabled: true, bank_remark: '' }, after: { enabled: false, bank_remark: 'Quote your UID' } });

    expect((await callEndpoint(t.app, e.updateBankCoin, { token: admin, params: { id: coinId }, input: { enabled: false } })).body.data).toMatchObject({ enabled: false });
    const coins = ((await callEndpoint(t.app, endpoints.deposits.bankCoins, { token: user })).body.data as { name: string }[]).map((c) => c.name);
    expect(coins).not.toContain('GBP');
  });
});
