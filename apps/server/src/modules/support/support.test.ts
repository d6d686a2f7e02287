import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SUPPORT_MESSAGES_PER_MINUTE, type SupportConversation, type SupportHistory, type SupportMessage, type SupportThread, type Paged } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, callEndpoint, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { createStaff, staffSession } from '../../test/staff-helpers.js';
import { multipartBody, PNG_1X1, uploadUrlOf } from '../../test/wallet-helpers.js';
import { wsConnect, wsUrlOf, type WsTestClient } from '../../test/ws-client.js';

/** Issue 14, item 7: the built-in support chat, its staff inbox and its pushes. */

const e = endpoints.support;
let t: TestApp;
let alice: Registered;
let bob: Registered;
let support: string;
let reviewer: string;
let supportId: number;
let url: string;
let n = 0;
const cid = () => `client-${Date.now().toString(36)}-${(n += 1)}`;

beforeAll(async () => {
  t = await createTestApp({ config: { loginIpLimitPerMinute: 1000, wsSessionRecheckMs: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrlOf(t.app);
  alice = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
  const staff = await createStaff(t.db, 'support');
  supportId = staff.id;
  support = await staffSession(t.db, staff.id);
  reviewer = await staffSession(t.db, (await createStaff(t.db, 'reviewer')).id);
});
afterAll(async () => {
  await t.close();
});

const send = (token: string, input: { client_id: string; text?: string; image?: string }) => callEndpoint(t.app, e.send, { token, input });
const history = async (token: string, before_id?: number) =>
  (await callEndpoint(t.app, e.history, { token, input: before_id === undefined ? {} : { before_id } })).body.data as SupportHistory;
const conversationOf = async (user: Registered) => {
  const page = (await callEndpoint(t.app, e.conversations, { token: support, input: { search: user.user.uid } })).body.data as Paged<SupportConversation>;
  return page.data[0]!;
};

describe('the user side', () => {
  it('a visitor must log in first', async () => {
    expectRefused(await callEndpoint(t.app, e.history, {}), 'not_logged_in', 999);
    expectRefused(await send('', { client_id: cid(), text: 'hi' }), 'not_logged_in', 999);
  });

  it('starts empty, sends text kept as plain text, and a replayed client_id answers the same message once', async () => {
    expect(await history(alice.token)).toEqual({ messages: [], has_more: false, unread: 0 });
    const id = cid();
    const first = await send(alice.token, { client_id: id, text: '  <b>Hello</b>\nsecond line  ' });
    expect(first.body).toMatchObject({ code: 1, data: { from: 'user', text: '<b>Hello</b>\nsecond line', image: null, client_id: id, read_at: null } });
    // One date-time format on every answer (decisions.md): YYYY-MM-DD HH:mm:ss, UTC.
    expect(first.body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await send(alice.token, { client_id: id, text: 'something else' });
    expect(again.body.data).toEqual(first.body.data);
    const h = await history(alice.token);
    expect(h.messages.map((m) => m.text)).toEqual(['<b>Hello</b>\nsecond line']);
  });

  it('refuses an empty message, a too long text, a bad client id and another user\'s image', async () => {
    expectRefused(await send(alice.token, { client_id: cid(), text: '   ' }), 'bad_request');
    expectRefused(await send(alice.token, { client_id: cid(), text: 'x'.repeat(2001) }), 'bad_request');
    expectRefused(await send(alice.token, { client_id: 'no', text: 'x' }), 'bad_request');
    const bobImage = await uploadUrlOf(t.app, bob.token);
    expectRefused(await send(alice.token, { client_id: cid(), image: bobImage }), 'proof_invalid');
  });

  it('sends an own image; a demo account may chat too', async () => {
    const image = await uploadUrlOf(t.app, alice.token);
    expect((await send(alice.token, { client_id: cid(), image })).body.data).toMatchObject({ image, text: '' });
    const demo = await demoLogin(t.app, `support-demo-${Date.now()}`);
    expect((await send(demo.token, { client_id: cid(), text: 'demo question' })).body.code).toBe(1);
  });

  it('a user sees only their own conversation', async () => {
    expect((await history(bob.token)).messages).toEqual([]);
    expect((await callEndpoint(t.app, e.unread, { token: bob.token })).body.data).toEqual({ unread: 0 });
  });

  it('limits messages per user and minute', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < SUPPORT_MESSAGES_PER_MINUTE; i++) expect((await send(carol.token, { client_id: cid(), text: `m${i}` })).body.code).toBe(1);
    expectRefused(await send(carol.token, { client_id: cid(), text: 'one too many' }), 'too_many_requests');
    // pages of history, newest first
    const page1 = await history(carol.token);
    expect(page1.messages).toHaveLength(SUPPORT_MESSAGES_PER_MINUTE);
    expect(page1.messages[0]!.text).toBe(`m${SUPPORT_MESSAGES_PER_MINUTE - 1}`);
  });
});

describe('staff', () => {
  it('only support and admin staff read the inbox; users and reviewers are refused', async () => {
    expectRefused(await callEndpoint(t.app, e.conversations, { token: reviewer, input: {} }), 'staff_role_forbidden');
    expectRefused(await callEndpoint(t.app, e.conversations, { token: alice.token, input: {} }), 'not_logged_in', 999);
    const conv = await conversationOf(alice);
    expect(conv).toMatchObject({ user: { id: alice.user.id, uid: alice.user.uid, email: alice.email, is_demo: 0 }, unread: 2 });
    expect(conv.last_message?.image).toMatch(/^\/uploads\//);
    const unread = (await callEndpoint(t.app, e.staffUnread, { token: support })).body.data as { conversations: number; messages: number };
    expect(unread.conversations).toBeGreaterThanOrEqual(2);
  });

  it('replies (audited, idempotent), with an image the user can read; unread marks go both ways', async () => {
    const conv = await conversationOf(alice);
    const thread = (await callEndpoint(t.app, e.thread, { token: support, params: { id: conv.id }, input: {} })).body.data as SupportThread;
    expect(thread.conversation.user.uid).toBe(alice.user.uid);
    expect(thread.messages).toHaveLength(2);

    const read = await callEndpoint(t.app, e.staffRead, { token: support, params: { id: conv.id }, input: {} });
    expect(read.body.data).toEqual({ unread: 0 });
    expect((await history(alice.token)).messages.every((m) => m.read_at !== null && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(m.read_at))).toBe(true);

    const body = multipartBody(PNG_1X1);
    const img = await call<{ url: string }>(t.app, { method: 'POST', url: `/admin/api/support/conversations/${conv.id}/image`, headers: { ...body.headers, authorization: support }, payload: body.payload });
    expect(img.body.code).toBe(1);
    const id = cid();
    const reply = await callEndpoint(t.app, e.reply, { token: support, params: { id: conv.id }, input: { client_id: id, text: 'How can we help?', image: img.body.data.url } });
    expect(reply.body).toMatchObject({ code: 1, data: { from: 'staff', text: 'How can we help?' } });
    await callEndpoint(t.app, e.reply, { token: support, params: { id: conv.id }, input: { client_id: id, text: 'How can we help?' } });
    const audit = await t.db.selectFrom('audit_log').select(['admin_id', 'action']).where('target', '=', `support_conversation:${conv.id}`).execute();
    expect(audit).toEqual([{ admin_id: supportId, action: 'support.reply' }]);

    // the user reads the staff image with their own token
    const file = await t.app.inject({ method: 'GET', url: img.body.data.url, headers: { authorization: alice.token } });
    expect(file.statusCode).toBe(200);

    expect((await callEndpoint(t.app, e.unread, { token: alice.token })).body.data).toEqual({ unread: 1 });
    await callEndpoint(t.app, e.read, { token: alice.token, input: {} });
    expect((await callEndpoint(t.app, e.unread, { token: alice.token })).body.data).toEqual({ unread: 0 });
  });

  it('a staff reply cannot attach an image of another user, and an unknown conversation is not found', async () => {
    const conv = await conversationOf(alice);
    const bobImage = await uploadUrlOf(t.app, bob.token);
    expectRefused(await callEndpoint(t.app, e.reply, { token: support, params: { id: conv.id }, input: { client_id: cid(), image: bobImage } }), 'proof_invalid');
    expectRefused(await callEndpoint(t.app, e.reply, { token: support, params: { id: 999999 }, input: { client_id: cid(), text: 'x' } }), 'not_found');
    expectRefused(await callEndpoint(t.app, e.thread, { token: support, params: { id: 999999 }, input: {} }), 'not_found');
    expectRefused(await callEndpoint(t.app, e.staffTyping, { token: support, params: { id: 999999 }, input: {} }), 'not_found');
  });

  it('searches by e-mail and lists newest first', async () => {
    const byMail = (await callEndpoint(t.app, e.conversations, { token: support, input: { search: alice.email.slice(0, 12) } })).body.data as Paged<SupportConversation>;
    expect(byMail.data.map((c) => c.user.id)).toContain(alice.user.id);
    const all = (await callEndpoint(t.app, e.conversations, { token: support, input: {} })).body.data as Paged<SupportConversation>;
    const times = all.data.map((c) => c.last_message_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('realtime', () => {
  async function userSocket(user: Registered): Promise<WsTestClient> {
    const c = await wsConnect(url, { lang: 'en' });
    c.send([{ type: 'login', params: user.token }, { type: 'sub', params: 'SUPPORT_CHAT' }]);
    expect(await c.nextOf('login_result')).toMatchObject({ code: 1 });
    expect(await c.nextOf('sub_result')).toMatchObject({ code: 1, params: 'SUPPORT_CHAT' });
    return c;
  }
  async function staffSocket(token: string): Promise<WsTestClient> {
    const c = await wsConnect(url, { lang: 'en' });
    c.send([{ type: 'staff_login', params: token }, { type: 'sub', params: 'SUPPORT_STAFF' }]);
    expect(await c.nextOf('staff_login_result')).toMatchObject({ code: 1 });
    expect(await c.nextOf('sub_result')).toMatchObject({ code: 1, params: 'SUPPORT_STAFF' });
    return c;
  }

  it('topics need their login: SUPPORT_CHAT a user, SUPPORT_STAFF a support or admin staff member', async () => {
    const c = await wsConnect(url, { lang: 'en' });
    c.send({ type: 'sub', params: 'SUPPORT_CHAT' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0, params: 'SUPPORT_CHAT' });
    c.send({ type: 'sub', params: 'SUPPORT_STAFF' });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0, params: 'SUPPORT_STAFF' });
    // a user token is no staff login, a reviewer may not read the inbox
    c.send({ type: 'staff_login', params: alice.token });
    expect(await c.next()).toMatchObject({ type: 'staff_login_result', code: 0 });
    c.send([{ type: 'staff_login', params: reviewer }, { type: 'sub', params: 'SUPPORT_STAFF' }]);
    expect(await c.next()).toMatchObject({ type: 'staff_login_result', code: 1 });
    expect(await c.next()).toMatchObject({ type: 'sub_result', code: 0, params: 'SUPPORT_STAFF' });
    c.ws.close();
  });

  it('a message is pushed after commit to the user\'s sockets and to staff, not to another user; typing goes both ways', async () => {
    const a = await userSocket(alice);
    const b = await userSocket(bob);
    const s = await staffSocket(support);
    const sent = (await send(alice.token, { client_id: cid(), text: 'live?' })).body.data as SupportMessage;
    expect(await a.nextOf('SUPPORT_CHAT')).toMatchObject({ event: 'message', message: { id: sent.id, text: 'live?' } });
    const staffPush = await s.nextOf('SUPPORT_STAFF');
    expect(staffPush).toMatchObject({ event: 'message', user_id: alice.user.id, message: { id: sent.id } });
    // the push came after commit: the history already holds it
    expect((await history(alice.token)).messages[0]!.id).toBe(sent.id);

    await callEndpoint(t.app, e.typing, { token: alice.token, input: {} });
    expect(await s.nextOf('SUPPORT_STAFF')).toMatchObject({ event: 'typing', user_id: alice.user.id });
    await callEndpoint(t.app, e.staffTyping, { token: support, params: { id: staffPush.conversation_id as number }, input: {} });
    expect(await a.nextOf('SUPPORT_CHAT')).toEqual({ type: 'SUPPORT_CHAT', event: 'typing' });

    await callEndpoint(t.app, e.reply, { token: support, params: { id: staffPush.conversation_id as number }, input: { client_id: cid(), text: 'yes' } });
    expect(await a.nextOf('SUPPORT_CHAT')).toMatchObject({ event: 'message', message: { from: 'staff', text: 'yes' } });
    await b.nothing(200);

    // a refused send pushes nothing
    expectRefused(await send(alice.token, { client_id: cid(), text: '' }), 'bad_request');
    await a.nothing(150);
    for (const c of [a, b, s]) c.ws.close();
  });
});
