import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access, defineEndpoint } from '@tp/contracts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { route } from './endpoint.js';
import { okEnvelope } from './envelope.js';
import { registerErrorHandling } from './error-handler.js';
import type { Db } from '../db/database.js';

// route()'s `sessionInRead` (endpoint.ts): the guard leaves the token check to the handler's own
// read, so route() holds the handler to it. The forex submit's tests cover the check itself.

const probe = (kind: 'user' | 'public') =>
  defineEndpoint({ summary: 'A probe of the session check', methods: ['POST'], path: `/probe/${kind}`, input: z.object({ n: z.number().optional() }), output: z.null(), access: access[kind], idempotent: false, tags: ['probe'] });

/** A database whose every statement fails: the session check of refused input cannot be made. */
const downDb = { executeQuery: () => Promise.reject(new Error('database down')) } as unknown as Db;

async function bareApp() {
  const app = Fastify();
  app.decorate('db', downDb);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerErrorHandling(app);
  return app;
}

describe('route() with the session checked in the handler\'s read', () => {
  it('is only for a user endpoint', async () => {
    const app = await bareApp();
    expect(() => route(app, probe('public'), async ({ req }) => okEnvelope(req.lang, null), { sessionInRead: true })).toThrow(/only a user endpoint/);
    await app.close();
  });

  it('answers a fault, not the handler\'s answer, when the handler never checked the session', async () => {
    const app = await bareApp();
    route(app, probe('user'), async ({ req }) => okEnvelope(req.lang, null), { sessionInRead: true });
    const res = await app.inject({ method: 'POST', url: '/probe/user', headers: { authorization: 'some-token', lang: 'en' }, payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 0, data: null, error: 'server_error' });
    // Without a token at all the guard answers 999 before the handler.
    expect((await app.inject({ method: 'POST', url: '/probe/user', headers: { lang: 'en' }, payload: {} })).json()).toMatchObject({ code: 999 });
    await app.close();
  });

  it('answers a fault when refused input comes with a token whose session cannot be checked', async () => {
    const app = await bareApp();
    route(app, probe('user'), async ({ req }) => okEnvelope(req.lang, null), { sessionInRead: true });
    const res = await app.inject({ method: 'POST', url: '/probe/user', headers: { authorization: 'some-token', lang: 'en' }, payload: { n: 'not a number' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 0, data: null, error: 'server_error' });
    await app.close();
  });
});
