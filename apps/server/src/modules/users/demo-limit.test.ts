import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, expectRefused } from '../../test/http-helpers.js';
import { endpoints } from '@tp/contracts';

// A small limit so a test reaches it: 3 new demo accounts per address per hour.
const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { demoAccountsPerIpPerHour: LIMIT } });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const newId = () => `demo-limit-${Date.now().toString(36)}-${(n += 1)}`;
function demo(app: FastifyInstance, demoId: string, ip: string, headers: Record<string, string> = {}) {
  return call<{ token: string; user: { id: number } }>(app, { method: 'GET', url: `${endpoints.users.demoLogin.path}?demo_id=${demoId}`, remoteAddress: ip, headers });
}
/** Users and ledger postings: a refused demo login must add neither. */
async function counts() {
  const users = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const entries = await t.db.selectFrom('ledger_postings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { users: Number(users.n), postings: Number(entries.n) };
}

describe('demo accounts per IP per hour', () => {
  it('an address opens at most the limit of new demo accounts an hour; logging in again is free; other addresses are not affected', async () => {
    const ip = '203.0.113.10';
    const ids = Array.from({ length: LIMIT }, newId);
    for (const id of ids) expect((await demo(t.app, id, ip)).body.code).toBe(1);
    const before = await counts();
    const refused = await demo(t.app, newId(), ip, { lang: 'en' });
    expectRefused(refused, 'demo_limit');
    expect(refused.body.msg).toBe('Too many demo accounts were opened from this network, please try again later');
    expect(await counts()).toEqual(before);
    // An existing demo account logs in again, as often as it likes.
    for (const id of ids) expect((await demo(t.app, id, ip)).body.code).toBe(1);
    expect((await demo(t.app, newId(), '203.0.113.11')).body.code).toBe(1);

    // The hour rolls on: accounts opened more than an hour ago no longer count.
    await t.db.updateTable('users').set({ created_at: sql<Date>`now() - interval '61 minutes'` }).where('signup_ip', '=', ip).execute();
    expect((await demo(t.app, newId(), ip)).body.code).toBe(1);
  });

  it('30 parallel new demo accounts from one address: exactly the limit is opened', async () => {
    const ip = '203.0.113.20';
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 30 }, () => demo(t.app, newId(), ip)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(LIMIT);
    for (const a of answers.filter((x) => x.body.code !== 1)) expectRefused(a, 'demo_limit');
    expect((await counts()).users).toBe(before.users + LIMIT);
  });

  it('an IPv6 client counts by its /64: every address in it shares the limit', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await demo(t.app, newId(), `2001:db8:77:1::${i + 1}`)).body.code).toBe(1);
    expectRefused(await demo(t.app, newId(), '2001:db8:77:1:ffff:ffff:ffff:ffff'), 'demo_limit');
    expect((await demo(t.app, newId(), '2001:db8:77:2::1')).body.code).toBe(1);
  });

  it('the address is the client: X-Forwarded-For counts only with TRUST_PROXY=1', async () => {
    // Without a trusted proxy a forged X-Forwarded-For changes nothing: one remote address.
    const remote = '203.0.113.30';
    for (let i = 0; i < LIMIT; i++) expect((await demo(t.app, newId(), remote, { 'x-forwarded-for': `198.51.100.${i + 1}` })).body.code).toBe(1);
    expectRefused(await demo(t.app, newId(), remote, { 'x-forwarded-for': '198.51.100.99' }), 'demo_limit');

    // Behind a trusted proxy each client is counted by its own forwarded address.
    const proxied = await buildApp({ db: t.db, config: { ...t.app.config, trustProxy: true }, logger: false });
    try {
      const proxy = '10.0.0.1';
      for (let i = 0; i < LIMIT + 2; i++) expect((await demo(proxied, newId(), proxy, { 'x-forwarded-for': `198.51.100.${10 + i}` })).body.code).toBe(1);
      for (let i = 0; i < LIMIT; i++) expect((await demo(proxied, newId(), proxy, { 'x-forwarded-for': '198.51.100.50' })).body.code).toBe(1);
      expectRefused(await demo(proxied, newId(), proxy, { 'x-forwarded-for': '198.51.100.50' }), 'demo_limit');
      const rows = await t.db.selectFrom('users').select('signup_ip').where('signup_ip', 'like', '198.51.100.%').execute();
      expect(rows.length).toBe(LIMIT + 2 + LIMIT);
    } finally {
      await proxied.close();
    }
  });
});
