import createClient from 'openapi-fetch';
// Generated from the served document by openapi-typescript (http/openapi-client.test.ts), next to
// a copy of this file: the types exist only there, and the copy is type-checked against them.
import type { paths } from './api.js';

/**
 * A client program written only against the types generated from /docs/json, as an outside
 * developer would write one: a refused login, a registration and login, a transfer and a
 * balance read, a contract order and its close. The test runs it against a real server.
 */

/** What the program cannot do through the API alone: read the e-mailed code, have staff approve a deposit. */
export interface JourneyHelpers {
  emailedCode(email: string): Promise<string>;
  fundAccount(token: string, amount: string): Promise<void>;
}

export interface JourneyResult {
  refusedLogin: { code: number; error: string };
  forexBalance: string;
  orderId: number;
  closedStatus: number;
}

/** The data of a successful answer; a refusal ends the journey with its reason. */
function ok<T>(answer: { code: 1; data: T } | { code: 0 | 999; error: string; msg: string }, what: string): T {
  if (answer.code !== 1) throw new Error(`${what} refused: ${answer.error} (${answer.msg})`);
  return answer.data;
}

/** An answer openapi-fetch read: HTTP 200 carries the envelope, success or refusal alike. */
function envelope<T>(result: { data?: T; response: Response }, what: string): T {
  if (!result.data) throw new Error(`${what}: HTTP ${result.response.status}`);
  return result.data;
}

export async function runJourney(baseUrl: string, email: string, helpers: JourneyHelpers): Promise<JourneyResult> {
  const visitor = createClient<paths>({ baseUrl, headers: { lang: 'en' } });
  const password = 'journey-password-1';

  // A refused login is typed: code 0, data null, the reason among the error keys.
  const refused = envelope(await visitor.POST('/api/user/loginForU', { body: { account: email, password } }), 'login');
  if (refused.code === 1) throw new Error('a login of an account that does not exist succeeded');
  const nothing: null = refused.data;
  if (nothing !== null) throw new Error('a refusal carried data');
  // Never called: it only has to fail to compile - a refusal carries no session to read.
  // @ts-expect-error data is null on a refusal
  const _sessionOfRefusal = () => refused.data.token;
  const refusedLogin = { code: refused.code, error: refused.error };

  ok(envelope(await visitor.POST('/api/notify/send_email', { body: { to: email, type: 1 } }), 'send_email'), 'send_email');
  const code = await helpers.emailedCode(email);
  ok(envelope(await visitor.POST('/api/user/register', { body: { account: email, password, re_password: password, sms_code: code } }), 'register'), 'register');
  const session = ok(envelope(await visitor.POST('/api/user/loginForU', { body: { account: email, password } }), 'login'), 'login');

  const user = createClient<paths>({ baseUrl, headers: { lang: 'en', authorization: session.token } });
  await helpers.fundAccount(session.token, '1000');
  // Funding account (1) to the contract account (3), once however often it is retried.
  const transferKey = `journey-${session.user.id}`;
  ok(envelope(await user.POST('/api/account/transfer', { body: { balance: '500', from: 1, to: 3 }, params: { header: { 'Idempotency-Key': transferKey } } }), 'transfer'), 'transfer');
  const accounts = ok(envelope(await user.GET('/v2/api/main/wallet/getBalance'), 'balances'), 'balances');
  const forex = accounts.find((a) => a.type === 'forex');
  if (!forex) throw new Error('no contract account');

  const symbols = ok(envelope(await visitor.GET('/v2/api/forex/trade_list'), 'trade_list'), 'trade_list');
  const btc = symbols.find((s) => s.Code === 'BTCUSDT');
  if (!btc) throw new Error('no BTCUSDT');
  const opened = ok(
    envelope(await user.POST('/v2/api/forex/submit', { body: { type: 1, cont: '0.01', forex_id: btc.Id, status: 1, multiple: 10 }, params: { header: { 'Idempotency-Key': `${transferKey}-open` } } }), 'submit'),
    'submit',
  );
  const closed = ok(envelope(await user.POST('/v2/api/forex/close', { body: { id: opened.Id }, params: { header: { 'Idempotency-Key': `${transferKey}-close` } } }), 'close'), 'close');
  return { refusedLogin, forexBalance: forex.balance, orderId: opened.Id, closedStatus: closed.Status };
}
