import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { endpoints, type ForexOrder } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, demoLogin, registerUser } from '../test/http-helpers.js';
import { adminToken, fund, uploadUrlOf } from '../test/wallet-helpers.js';
import { MARKET_OPEN_MS, storeTick, symbolId } from '../test/forex-helpers.js';
import { drawWithCode, readyMethod, tronAddress } from '../test/withdraw-helpers.js';
import { newDevice } from '../test/push-service.js';

/** What one user owns after setup: ids the fuzz and ownership tests aim at. */
export interface Owner {
  token: string;
  userId: number;
  /** Holding and pending forex orders. */
  holdingOrderId: number;
  pendingOrderId: number;
  /** Real users only: a bound coin withdrawal method, a pending withdrawal and deposit, an upload. */
  methodId?: number;
  withdrawalId?: number;
  chargeId?: number;
  uploadUrl?: string;
  /** A mining fund subscription in progress. */
  fundSubId: number;
  /** The real owner only: a loan application waiting for review (identity check approved). */
  loanId?: number;
  /** A device subscribed to Web Push (its push service URL). */
  pushEndpoint: string;
  /** A waiting price alert. */
  alertId: number;
}

export interface World {
  t: TestApp;
  admin: string;
  btc: number;
  real: Owner;
  demo: Owner;
}

const auth = (token: string) => ({ authorization: token });

async function openOrders(app: FastifyInstance, token: string, btc: number): Promise<{ holdingOrderId: number; pendingOrderId: number }> {
  const base = { type: 1, cont: '0.01', forex_id: btc, multiple: 10 };
  const holding = await call<ForexOrder>(app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: { ...base, status: 1 } });
  expect(holding.body.code).toBe(1);
  const pending = await call<ForexOrder>(app, { method: 'POST', url: endpoints.forex.submit.path, headers: auth(token), payload: { ...base, status: 0, target_price: '90000' } });
  expect(pending.body.code).toBe(1);
  return { holdingOrderId: holding.body.data.Id, pendingOrderId: pending.body.data.Id };
}

/** A device of the user subscribed to Web Push. */
async function subscribePush(app: FastifyInstance, token: string, name: string): Promise<string> {
  const device = newDevice(`https://fcm.googleapis.com/fcm/send/fuzz-${name}`);
  const sub = await call(app, { method: 'POST', url: endpoints.webPush.subscribe.path, headers: auth(token), payload: { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth } });
  expect(sub.body.code).toBe(1);
  return device.endpoint;
}

/** A waiting price alert of the user, far above the market. */
async function setAlert(app: FastifyInstance, token: string, btc: number): Promise<number> {
  const alert = await call<{ id: number }>(app, { method: 'POST', url: endpoints.alerts.create.path, headers: auth(token), payload: { forex_id: btc, direction: 1, price: '900000' } });
  expect(alert.body.code).toBe(1);
  return alert.body.data.id;
}

/** A mining fund subscription (the seeded 7-day fund) of the user. */
async function subscribe(app: FastifyInstance, token: string): Promise<number> {
  const sub = await call<{ id: number }>(app, { method: 'POST', url: endpoints.funds.buy.path, headers: auth(token), payload: { id: 1, amount: '100' } });
  expect(sub.body.code).toBe(1);
  return sub.body.data.id;
}

/** A real user with money in every account, orders, a withdrawal method, a pending withdrawal and deposit, an upload. */
export async function realOwner(t: TestApp, admin: string, btc: number): Promise<Owner> {
  const { app } = t;
  const user = await registerUser(app, t.dataDir);
  await fund(app, user.token, admin, '2000');
  for (const to of [2, 3]) {
    const moved = await call(app, { method: 'POST', url: endpoints.wallet.transfer.path, headers: auth(user.token), payload: { balance: '500', from: 1, to } });
    expect(moved.body.code).toBe(1);
  }
  const orders = await openOrders(app, user.token, btc);
  // Bound and withdrawn to with the account's e-mailed codes, the method's waiting time over.
  const methodId = await readyMethod(t, user, { type: 1, draw_id: 1, dc_address: tronAddress(`fuzz-owner-${user.user.id}`) });
  const drawn = await drawWithCode(t, user, { draw_currency_id: 1, number: '20', draw_method_id: methodId });
  expect(drawn.body.code).toBe(1);
  const uploadUrl = await uploadUrlOf(app, user.token);
  const charge = await call<{ id: number }>(app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: auth(user.token), payload: { number: '10', proofImg: uploadUrl, charge_id: 1 } });
  expect(charge.body.code).toBe(1);
  const fundSubId = await subscribe(app, user.token);
  const pushEndpoint = await subscribePush(app, user.token, `real-${user.user.id}`);
  const alertId = await setAlert(app, user.token, btc);
  return { token: user.token, userId: user.user.id, fundSubId, ...orders, methodId, withdrawalId: drawn.body.data.id, chargeId: charge.body.data.id, uploadUrl, pushEndpoint, alertId };
}

export async function demoOwner(t: TestApp, demoId: string, btc: number): Promise<Owner> {
  const demo = await demoLogin(t.app, demoId);
  return { token: demo.token, userId: demo.user.id, fundSubId: await subscribe(t.app, demo.token), ...(await openOrders(t.app, demo.token, btc)), pushEndpoint: await subscribePush(t.app, demo.token, `demo-${demo.user.id}`), alertId: await setAlert(t.app, demo.token, btc) };
}

/** The app at a time the market is open, a stored price, an admin, a real and a demo user who own things. */
export async function createWorld(): Promise<World> {
  const t = await createTestApp({ now: () => MARKET_OPEN_MS });
  await storeTick(t.db, 'BTCUSDT', '100000.00');
  await storeTick(t.db, 'EURUSD', '1.16500');
  const btc = await symbolId(t.db, 'BTCUSDT');
  const admin = await adminToken(t.app);
  const real = await realOwner(t, admin, btc);
  real.loanId = await waitingLoan(t, admin, real.token);
  const demo = await demoOwner(t, 'fuzz-demo-owner', btc);
  return { t, admin, btc, real, demo };
}

/** An approved identity check and a loan application waiting for review (the owner's loan id). */
export async function waitingLoan(t: TestApp, admin: string, token: string): Promise<number> {
  const { app } = t;
  const pic = await uploadUrlOf(app, token);
  const kyc = await call(app, {
    method: 'POST',
    url: endpoints.loans.kycSubmit.path,
    headers: auth(token),
    payload: { name: 'Owner', last_name: 'Fuzz', sex: 1, birthday: '1990/01/01', country: 'GB', mobile: '+44-7700900123', id_card_type: 2, hand_pic: pic, signature: pic },
  });
  expect(kyc.body.code).toBe(1);
  const kycId = (await t.db.selectFrom('loan_kyc').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  const approved = await call(app, { method: 'POST', url: endpoints.adminLoans.approveKyc.path.replace(':id', String(kycId)), headers: auth(admin), payload: {} });
  expect(approved.body.code).toBe(1);
  const loan = await call<{ id: number }>(app, { method: 'POST', url: endpoints.loans.submit.path, headers: auth(token), payload: { amount: '100', config_id: 1, sign: pic, agreement: '1' } });
  expect(loan.body.code).toBe(1);
  return loan.body.data.id;
}
