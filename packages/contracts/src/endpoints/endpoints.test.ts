import { describe, expect, expectTypeOf, it } from 'vitest';
import { allEndpoints, endpointPath, endpoints, idempotencyScope, type EndpointData, type EndpointInput, type EndpointParsedInput } from './index.js';

describe('endpoint objects', () => {
  it('name every method and path once', () => {
    const routes = allEndpoints().flatMap((e) => e.methods.map((m) => `${m} ${e.path}`));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keep the spec GET-actions answering POST too', () => {
    expect(endpoints.users.demoLogin.methods).toEqual(['GET', 'POST']);
    expect(endpoints.users.resetDemo.methods).toEqual(['GET', 'POST']);
  });

  it('record idempotency keys under the names used before endpoints were objects', () => {
    expect(idempotencyScope(endpoints.wallet.transfer)).toBe('account/transfer');
    expect(idempotencyScope(endpoints.forex.submit)).toBe('forex/submit');
    expect(idempotencyScope(endpoints.deposits.wireSubmit)).toBe('quickCharge/wire_submit');
    expect(idempotencyScope(endpoints.micro.submit)).toBe('micro/submit');
  });

  it('mark exactly the money actions as taking an Idempotency-Key', () => {
    const keyed = allEndpoints().filter((e) => e.idempotent).map((e) => e.path).sort();
    expect(keyed).toEqual([
      '/api/account/draw',
      '/api/account/transfer',
      '/api/fund/applyRefund',
      '/api/fund/buy',
      '/api/loan/kyc_submit',
      '/api/loan/loan_submit',
      '/api/loan/repayment',
      '/api/quickCharge/submit',
      '/api/quickCharge/wire_submit',
      '/api/wallet/bind_draw_method',
      '/v2/api/forex/cancel_trade',
      '/v2/api/forex/close',
      '/v2/api/forex/set_stop_price',
      '/v2/api/forex/submit',
      '/v2/api/main/user/resetForexDemoAccount',
      '/v2/api/micro/submit',
    ]);
  });

  it('fill path params, encoded, and refuse a missing one', () => {
    expect(endpointPath(endpoints.admin.approveDeposit, { id: 7 })).toBe('/admin/api/deposits/7/approve');
    expect(endpointPath(endpoints.uploads.file, { name: 'a b.png' })).toBe('/uploads/a%20b.png');
    expect(() => endpointPath(endpoints.admin.rejectWithdrawal)).toThrow(/missing path param id/);
    expect(endpointPath(endpoints.wallet.transfer)).toBe('/api/account/transfer');
  });

  it('parse their inputs with the contract schemas', () => {
    expect(endpoints.wallet.transfer.input.parse({ balance: 5, from: '1', to: 3 })).toMatchObject({ balance: '5', from: 1, to: 3, currency_id: 1 });
    expect(endpoints.admin.rejectDeposit.input.safeParse({ reason: ' ' }).success).toBe(false);
  });

  it('infer caller, handler and answer types', () => {
    expectTypeOf<EndpointInput<typeof endpoints.wallet.transfer>>().toHaveProperty('balance').toEqualTypeOf<string | number>();
    expectTypeOf<EndpointParsedInput<typeof endpoints.wallet.transfer>>().toHaveProperty('balance').toEqualTypeOf<string>();
    expectTypeOf<EndpointData<typeof endpoints.wallet.transfer>>().toHaveProperty('balance').toEqualTypeOf<string>();
    expectTypeOf<EndpointInput<typeof endpoints.uploads.image>>().toEqualTypeOf<FormData>();
    expectTypeOf<EndpointInput<typeof endpoints.users.info>>().toEqualTypeOf<undefined>();
  });
});
