import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { lastCode } from './test-app.js';
import { endpointPath, endpoints, type EndpointData, type EndpointInput, type EndpointSpec, type HttpMethod } from '@tp/contracts';

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T; error?: string; request_id?: string };
}

/** Calls the app and parses the envelope. */
export async function call<T = unknown>(app: FastifyInstance, opts: InjectOptions): Promise<Answer<T>> {
  const res = await app.inject(opts);
  return { status: res.statusCode, body: res.json() };
}

export function expectRefused(answer: Answer, error: string, code = 0): void {
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ code, error, data: null });
}

export interface Registered {
  token: string;
  user: { id: number; uid: string; email: string | null; invite_code: string; is_demo: number };
  email: string;
  password: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@example.com`;
}

/** Registers a user the way the app does: code by e-mail, read from the outbox. */
export async function registerUser(
  app: FastifyInstance,
  dataDir: string,
  opts: { email?: string; password?: string; invite_code?: string } = {},
): Promise<Registered> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct-horse-1';
  const sent = await call(app, { method: 'POST', url: endpoints.notify.sendEmail.path, payload: { to: email, type: 1 } });
  expect(sent.body.code).toBe(1);
  const code = await lastCode(dataDir, email);
  const reg = await call<{ token: string; user: Registered['user'] }>(app, {
    method: 'POST',
    url: endpoints.users.register.path,
    payload: { type: 1, account: email, password, re_password: password, sms_code: code, ...(opts.invite_code ? { invite_code: opts.invite_code } : {}) },
  });
  expect(reg.body).toMatchObject({ code: 1 });
  return { ...reg.body.data, email, password };
}

export async function demoLogin(app: FastifyInstance, demoId: string): Promise<{ token: string; user: Registered['user'] }> {
  const res = await call<{ token: string; user: Registered['user'] }>(app, { method: 'GET', url: `${endpoints.users.demoLogin.path}?demo_id=${demoId}` });
  expect(res.body.code).toBe(1);
  return res.body.data;
}

/**
 * Calls an endpoint object through app.inject: its first method unless told, the input as query
 * (GET) or body (POST), path params filled in, the token as `authorization`.
 */
export async function callEndpoint<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  opts: { input?: EndpointInput<E>; params?: Record<string, string | number>; token?: string; headers?: Record<string, string>; method?: HttpMethod } = {},
): Promise<Answer<EndpointData<E>>> {
  const method = opts.method ?? endpoint.methods[0];
  const headers = { ...opts.headers, ...(opts.token === undefined ? {} : { authorization: opts.token }) };
  const url = endpointPath(endpoint, opts.params);
  const input = opts.input as InjectOptions['payload'] & Record<string, string> | undefined;
  return call<EndpointData<E>>(app, method === 'GET' ? { method, url, headers, query: input } : { method, url, headers, payload: input });
}
