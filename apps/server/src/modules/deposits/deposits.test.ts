import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { balanceOf, twoUsersAndAdmin, uploadUrlOf } from '../../test/wallet-helpers.js';
import { AlreadyPostedError, LEDGER_KINDS, post } from '../ledger/index.js';
import { endpoints, endpointPath } from '@tp/contracts';

let t: TestApp;
let alice: Registered;
let bob: Registered;
let admin: string;
const auth = (token: string) => ({ authorization: token });
beforeAll(async () => {
  ({ t, alice, bob, admin } = await twoUsersAndAdmin());
});
afterAll(() => t.close());

describe('deposit channels', () => {
  it('lists coin deposit addresses, bank coin types and the collection accounts of one', async () => {
    const info = await call<{ id: number; currency_code: string; protocol_code: string; address: string }[]>(t.app, { method: 'GET', url: `${endpoints.deposits.addresses.path}?t=1`, headers: auth(alice.token) });
    expect(info.body.code).toBe(1);
    expect(info.body.data.map((a) => `${a.currency_code}/${a.protocol_code}`)).toEqual(['USDT/TRC20', 'USDT/ERC20', 'BTC/BTC', 'ETH/ERC20']);
    const symbols = await call<{ id: number; name: string }[]>(t.app, { method: 'GET', url: endpoints.deposits.bankCoins.path, headers: auth(alice.token) });
    expect(symbols.body.data.map((s) => s.name)).toEqual(['USD', 'EUR', 'HKD']);
    const wire = await call<unknown[]>(t.app, { method: 'GET', url: `${endpoints.deposits.wireInfo.path}?bank_coin=${symbols.body.data[1]!.id}`, headers: auth(alice.token) });
    expect(wire.body.data).toEqual([
      expect.objectContaining({ bank_name: 'Harbour Point Bank Europe SE', bank_swift: 'HPBKDEFF', payee_account: 'DE89370400440532013000', payee_name: expect.any(String), bank_address: expect.any(String), bank_remark: expect.any(String), id: expect.any(Number) }),
    ]);
    expect((await call<unknown[]>(t.app, { method: 'GET', url: `${endpoints.deposits.wireInfo.path}?bank_coin=999`, headers: auth(alice.token) })).body.data).toEqual([]);
    expectRefused(await call(t.app, { method: 'GET', url: endpoints.deposits.wireInfo.path, headers: auth(alice.token) }), 'bad_request');
  });

  it.each([
    ['GET', endpoints.deposits.addresses.path],
    ['GET', endpoints.deposits.bankCoins.path],
    ['GET', `${endpoints.deposits.wireInfo.path}?bank_coin=1`],
    ['GET', endpoints.deposits.list.path],
    ['POST', endpoints.deposits.coinSubmit.path],
    ['POST', endpoints.deposits.wireSubmit.path],
  ] as const)('%s %s: 999 without login, only_true_account for a demo account', async (method, url) => {
    expectRefused(await call(t.app, { method, url }), 'not_logged_in', 999);
    const demo = await demoLogin(t.app, 'deposit-demo-1');
    const res = await call(t.app, { method, url, headers: { ...auth(demo.token), lang: 'en' }, ...(method === 'POST' ? { payload: {} } : {}) });
    expectRefused(res, 'only_true_account');
    expect(res.body.msg).toBe('Only available for a real account');
  });
});

describe('coin and bank deposits', () => {
  it('a coin deposit is recorded unchecked and credits nothing until approved', async () => {
    const proofImg = await uploadUrlOf(t.app, alice.token);
    const res = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: endpoints.deposits.coinSubmit.path,
      headers: auth(alice.token),
      payload: { number: '250.5', proofImg, address: 'TXsenderAddress', charge_id: 1 },
    });
    expect(res.body).toMatchObject({
      code: 1,
      msg: '充值已提交，等待審核',
      data: { number: '250.50000000', type: 0, currency_code: 'USDT', status: 0, proof_img: proofImg, address: 'TXsenderAddress', remark: '' },
    });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual({ balance: '0.00000000', lockBalance: '0.00000000' });
    const approve = await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveDeposit, { id: res.body.data.id }), headers: auth(admin) });
    expect(approve.body).toMatchObject({ code: 1, data: { id: res.body.data.id, status: 1 } });
    expect(await balanceOf(t.app, alice.token, 1)).toEqual({ balance: '250.50000000', lockBalance: '0.00000000' });
    // Only the funding account is credited.
    expect(await balanceOf(t.app, alice.token, 2)).toEqual({ balance: '0.00000000', lockBalance: '0.00000000' });
  });

  it('an approval credits once: replaying its ledger entry (kind deposit, reference charge:<id>) is refused and moves nothing', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    const proofImg = await uploadUrlOf(t.app, carol.token);
    const res = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: auth(carol.token), payload: { number: '40', proofImg, address: 'TXreplay', charge_id: 1 } });
    await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.approveDeposit, { id: res.body.data.id }), headers: auth(admin) });
    const before = await balanceOf(t.app, carol.token, 1);
    expect(before).toEqual({ balance: '40.00000000', lockBalance: '0.00000000' });
    const entry = await t.db
      .selectFrom('ledger_transactions as x')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 'x.id')
      .select(['x.kind', 'x.memo', 'x.reference', 'p.account_id', 'p.bucket', 'p.amount'])
      .where('x.kind', '=', LEDGER_KINDS.deposit)
      .where('x.reference', '=', `charge:${res.body.data.id}`)
      .execute();
    expect(entry).toHaveLength(2);
    const replay = t.db.transaction().execute((trx) =>
      post(trx, { kind: entry[0]!.kind, memo: entry[0]!.memo, reference: entry[0]!.reference, postings: entry.map((p) => ({ accountId: p.account_id, bucket: p.bucket as 'available', amount: p.amount })) }),
    );
    await expect(replay).rejects.toBeInstanceOf(AlreadyPostedError);
    expect(await balanceOf(t.app, carol.token, 1)).toEqual(before);
  });

  it('a bank deposit names a collection account; a rejected one credits nothing and shows the reason', async () => {
    const proofImg = await uploadUrlOf(t.app, bob.token);
    const accounts = await call<{ id: number }[]>(t.app, { method: 'GET', url: `${endpoints.deposits.wireInfo.path}?bank_coin=3`, headers: auth(bob.token) });
    const res = await call<{ id: number }>(t.app, { method: 'POST', url: endpoints.deposits.wireSubmit.path, headers: auth(bob.token), payload: { number: 1000, proofImg, wire_id: accounts.body.data[0]!.id } });
    expect(res.body).toMatchObject({ code: 1, data: { type: 1, currency_code: 'HKD', status: 0, number: '1000.00000000' } });
    const reject = await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectDeposit, { id: res.body.data.id }), headers: auth(admin), payload: { reason: 'No matching bank credit' } });
    expect(reject.body).toMatchObject({ code: 1, data: { status: 2 } });
    const list = await call<{ data: { id: number; status: number; remark: string }[] }>(t.app, { method: 'GET', url: `${endpoints.deposits.list.path}?type=1&page=1`, headers: auth(bob.token) });
    expect(list.body.data.data[0]).toMatchObject({ id: res.body.data.id, status: 2, remark: 'No matching bank credit' });
    expect(await balanceOf(t.app, bob.token, 1)).toEqual({ balance: '0.00000000', lockBalance: '0.00000000' });
  });

  it('a proof backs one claim awaiting review at a time: a burst of claims with it records one; rejected, it may be used again', async () => {
    const proofImg = await uploadUrlOf(t.app, bob.token);
    const claim = () => call<{ id: number }>(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: { ...auth(bob.token), lang: 'en' }, payload: { number: '50', proofImg, charge_id: 1 } });
    const burst = await Promise.all(Array.from({ length: 8 }, claim));
    const recorded = burst.filter((a) => a.body.code === 1);
    expect(recorded).toHaveLength(1);
    for (const a of burst.filter((x) => x.body.code !== 1)) expectRefused(a, 'proof_in_use');
    // The wire form is the same payment proof too.
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.deposits.wireSubmit.path, headers: auth(bob.token), payload: { number: '50', proofImg, wire_id: 1 } }), 'proof_in_use');
    const reject = await call(t.app, { method: 'POST', url: endpointPath(endpoints.admin.rejectDeposit, { id: recorded[0]!.body.data.id }), headers: auth(admin), payload: { reason: 'Amount does not match' } });
    expect(reject.body.code).toBe(1);
    expect((await claim()).body.code).toBe(1);
  });

  it('refuses bad input: amount, unknown channel, a proof that is not an upload of this user', async () => {
    const proofImg = await uploadUrlOf(t.app, alice.token);
    const submit = (payload: Record<string, unknown>, token = alice.token) => call(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: auth(token), payload });
    expectRefused(await submit({ number: '0', proofImg, charge_id: 1 }), 'bad_request');
    expectRefused(await submit({ number: '-5', proofImg, charge_id: 1 }), 'bad_request');
    expectRefused(await submit({ number: '1e3', proofImg, charge_id: 1 }), 'bad_request');
    expectRefused(await submit({ number: '10', proofImg, charge_id: 999 }), 'channel_not_found');
    expectRefused(await submit({ number: '10', proofImg: '/uploads/../../etc/passwd', charge_id: 1 }), 'bad_request');
    expectRefused(await submit({ number: '10', proofImg: `/uploads/${'0'.repeat(32)}.png`, charge_id: 1 }), 'proof_invalid');
    // Alice's upload is not Bob's proof.
    expectRefused(await submit({ number: '10', proofImg, charge_id: 1 }, bob.token), 'proof_invalid');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.deposits.wireSubmit.path, headers: auth(alice.token), payload: { number: '10', proofImg, wire_id: 999 } }), 'channel_not_found');
    expectRefused(await call(t.app, { method: 'POST', url: endpoints.deposits.wireSubmit.path, headers: auth(bob.token), payload: { number: '10', proofImg, wire_id: 1 } }), 'proof_invalid');
    // An absolute url of this server is the same upload.
    expect((await submit({ number: '10', proofImg: `https://app.example.com${proofImg}`, charge_id: 1 })).body.code).toBe(1);
  });

  it('lists only the user own records, newest first, paged, filtered by type', async () => {
    const mine = await call<{ data: { id: number; type: number }[]; total: number; current_page: number; last_page: number; per_page: number }>(t.app, {
      method: 'GET',
      url: `${endpoints.deposits.list.path}?type=0`,
      headers: auth(alice.token),
    });
    expect(mine.body.data).toMatchObject({ current_page: 1, last_page: 1, per_page: 15 });
    expect(mine.body.data.total).toBe(mine.body.data.data.length);
    expect(mine.body.data.data.every((r) => r.type === 0)).toBe(true);
    const ids = mine.body.data.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const owners = await t.db.selectFrom('charges').select('user_id').where('id', 'in', ids).execute();
    expect(owners.every((o) => o.user_id === alice.user.id)).toBe(true);
    const bobs = await call<{ data: { id: number }[] }>(t.app, { method: 'GET', url: endpoints.deposits.list.path, headers: auth(bob.token) });
    expect(bobs.body.data.data.some((r) => ids.includes(r.id))).toBe(false);
  });

  it('honours Idempotency-Key: the same key answers the first record and records once', async () => {
    const proofImg = await uploadUrlOf(t.app, alice.token);
    const send = () =>
      call<{ id: number }>(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: { ...auth(alice.token), 'idempotency-key': 'dep-key-1' }, payload: { number: '12', proofImg, charge_id: 2 } });
    const [a, b, c] = await Promise.all([send(), send(), send()]);
    expect(a.body.code).toBe(1);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(c.body.data.id).toBe(a.body.data.id);
    const n = await t.db.selectFrom('charges').select('id').where('user_id', '=', alice.user.id).where('deposit_address_id', '=', 2).execute();
    expect(n).toHaveLength(1);
    // The same key on another route or with another body is refused, not replayed.
    const other = await call(t.app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: { ...auth(alice.token), 'idempotency-key': 'dep-key-1' }, payload: { number: '13', proofImg, charge_id: 2 } });
    expectRefused(other, 'idempotency_conflict');
  });
});
