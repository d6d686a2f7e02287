import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, registerUser, type Registered } from './http-helpers.js';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './test-app.js';
import { endpoints, endpointPath } from '@tp/contracts';

/** The smallest real PNG: signature, IHDR of a 1x1 image, IDAT, IEND. */
export const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6b1d30000000049454e44ae426082',
  'hex',
);
export const JPEG_HEAD = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 0x11), Buffer.from('ffd9', 'hex')]);
export const WEBP_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 0x22)]);

/** A multipart/form-data body with one file part. */
export function multipartBody(content: Buffer, opts: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----tp${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'proof.png'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(app: FastifyInstance, token: string, content: Buffer = PNG_1X1, opts: Parameters<typeof multipartBody>[1] = {}) {
  const body = multipartBody(content, opts);
  return call<{ url: string }>(app, { method: 'POST', url: endpoints.uploads.image.path, headers: { ...body.headers, authorization: token }, payload: body.payload });
}

export async function uploadUrlOf(app: FastifyInstance, token: string): Promise<string> {
  const res = await upload(app, token);
  expect(res.body.code).toBe(1);
  return res.body.data.url;
}

export async function adminToken(app: FastifyInstance, email = 'admin@example.com', password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await call<{ token: string }>(app, { method: 'POST', url: endpoints.admin.login.path, payload: { email, password } });
  expect(res.body.code).toBe(1);
  return res.body.data.token;
}

/** Submits a coin deposit (channel 1) and has the admin approve it: the user's funding account gets `amount`. */
export async function fund(app: FastifyInstance, userToken: string, admin: string, amount: string): Promise<number> {
  const proofImg = await uploadUrlOf(app, userToken);
  const sub = await call<{ id: number }>(app, { method: 'POST', url: endpoints.deposits.coinSubmit.path, headers: { authorization: userToken }, payload: { number: amount, proofImg, charge_id: 1 } });
  expect(sub.body.code).toBe(1);
  const ok = await call(app, { method: 'POST', url: endpointPath(endpoints.admin.approveDeposit, { id: sub.body.data.id }), headers: { authorization: admin }, payload: {} });
  expect(ok.body.code).toBe(1);
  return sub.body.data.id;
}

export async function balanceOf(app: FastifyInstance, token: string, accountTypeId: number) {
  const res = await call<{ accountTypeId: number; balance: string; lockBalance: string }[]>(app, { method: 'GET', url: endpoints.wallet.balances.path, headers: { authorization: token } });
  const acc = res.body.data.find((a) => a.accountTypeId === accountTypeId);
  if (!acc) throw new Error(`no account ${accountTypeId}`);
  return { balance: acc.balance, lockBalance: acc.lockBalance };
}

/** The wallet suites' world: a fresh app, two registered users and an admin token. */
export interface TwoUsers {
  t: TestApp;
  alice: Registered;
  bob: Registered;
  admin: string;
}

/** Builds TwoUsers; with `aliceFunds`, an approved deposit of that much is on alice's funding account. */
export async function twoUsersAndAdmin(aliceFunds?: string): Promise<TwoUsers> {
  const t = await createTestApp();
  const alice = await registerUser(t.app, t.dataDir);
  const bob = await registerUser(t.app, t.dataDir);
  const admin = await adminToken(t.app);
  if (aliceFunds) await fund(t.app, alice.token, admin, aliceFunds);
  return { t, alice, bob, admin };
}
