import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, blankOptionalKeys, endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, expectRefused, registerUser, type Registered } from '../test/http-helpers.js';

let t: TestApp;
let alice: Registered;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await t.close();
});

const form = (token: string, url: string, payload: string) =>
  call(t.app, { method: 'POST', url, headers: { authorization: token, lang: 'en', 'content-type': 'application/x-www-form-urlencoded' }, payload });

describe('a blank optional form field counts as absent', () => {
  it('repaying from the balance with proofImg= is judged on the loan, not refused for the blank proof', async () => {
    const res = await form(alice.token, endpoints.loans.repayment.path, 'charge_id=0&loan_id=2&proofImg=');
    // Alice has no loan 2: the service's own answer, which it gives with proofImg absent too.
    expect(res.body.msg).not.toBe('Invalid value for proofImg');
    const absent = await form(alice.token, endpoints.loans.repayment.path, 'charge_id=0&loan_id=2');
    expect(res.body).toEqual({ ...absent.body, request_id: res.body.request_id });
    expect(res.body.error).not.toBe('bad_request');
  });

  it('a blank proof with a collection account is still refused as missing, and a blank required field is still refused', async () => {
    expectRefused(await form(alice.token, endpoints.loans.repayment.path, 'charge_id=1&loan_id=2&proofImg='), 'bad_request');
    const blankLoan = await form(alice.token, endpoints.loans.repayment.path, 'charge_id=0&loan_id=&proofImg=');
    expectRefused(blankLoan, 'bad_request');
    expect(blankLoan.body.msg).toBe('Invalid value for loan_id');
  });

  it('the same in a JSON body', async () => {
    const json = await call(t.app, { method: 'POST', url: endpoints.loans.repayment.path, headers: { authorization: alice.token, lang: 'en' }, payload: { charge_id: 0, loan_id: 2, proofImg: '' } });
    expect(json.body.error).not.toBe('bad_request');
  });

  it('only optional fields are read so: no required field of any endpoint is in the list', () => {
    for (const e of allEndpoints()) {
      if (!e.input) continue;
      for (const key of blankOptionalKeys(e.input)) {
        const shape = (e.input as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape;
        if (shape) expect(shape[key]!.safeParse(undefined).success, `${e.path} ${key}`).toBe(true);
      }
    }
    expect(blankOptionalKeys(endpoints.loans.repayment.input)).toContain('proofImg');
    expect(blankOptionalKeys(endpoints.loans.repayment.input)).not.toContain('loan_id');
  });
});
