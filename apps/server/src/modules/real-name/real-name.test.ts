import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, endpoints, type AdminRealName, type Paged, type RealNameCenter } from '@tp/contracts';
import type { TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused, registerUser, type Registered } from '../../test/http-helpers.js';
import { createStaff, staffSession } from '../../test/staff-helpers.js';
import { twoUsersAndAdmin, uploadUrlOf } from '../../test/wallet-helpers.js';

let t: TestApp;
let alice: Registered;
let bob: Registered;
let admin: string;
let reviewer: string;
const e = endpoints.realName;
const auth = (token: string, lang = 'en') => ({ authorization: token, lang });

beforeAll(async () => {
  ({ t, alice, bob, admin } = await twoUsersAndAdmin());
  reviewer = await staffSession(t.db, (await createStaff(t.db, 'reviewer')).id);
});
afterAll(() => t.close());

const center = async (token: string, lang = 'en') => (await call<RealNameCenter>(t.app, { method: 'GET', url: `${e.center.path}?t=1`, headers: auth(token, lang) })).body;
const submit = (token: string, payload: Record<string, unknown>) => call<RealNameCenter>(t.app, { method: 'POST', url: e.submit.path, headers: auth(token), payload });
async function photos(user: Registered) {
  return { front_pic: await uploadUrlOf(t.app, user.token), reverse_pic: await uploadUrlOf(t.app, user.token) };
}
const queue = async (token: string, status?: number) =>
  call<Paged<AdminRealName>>(t.app, { method: 'GET', url: `${e.adminList.path}${status === undefined ? '' : `?status=${status}`}`, headers: { authorization: token } });
const decide = (token: string, id: number, decision: 'approve' | 'reject', reason?: string) =>
  call<{ id: number; status: number }>(t.app, { method: 'POST', url: endpointPath(decision === 'approve' ? e.approve : e.reject, { id }), headers: { authorization: token }, payload: reason === undefined ? {} : { reason } });

describe('real-name authentication', () => {
  it('starts at the empty form (review_status 0)', async () => {
    expect(await center(alice.token)).toMatchObject({
      code: 1,
      data: { review_status: 0, name: '', id_card_type: null, id_card_type_name: '', card_id: '', front_pic: '', reverse_pic: '', reject_reason: '' },
    });
  });

  it.each([
    ['GET', e.center.path],
    ['POST', e.submit.path],
  ] as const)('%s %s: 999 without login, only_true_account for a demo account (server side)', async (method, url) => {
    expectRefused(await call(t.app, { method, url }), 'not_logged_in', 999);
    const demo = await demoLogin(t.app, 'real-name-demo-1');
    const res = await call(t.app, { method, url, headers: auth(demo.token), ...(method === 'POST' ? { payload: { name: 'Demo', id_card_type: 1, card_id: 'X1' } } : {}) });
    expectRefused(res, 'only_true_account');
    expect(res.body.msg).toBe('Only available for a real account');
  });

  it('refuses bad id types, missing fields and missing or foreign photos, and records nothing', async () => {
    const mine = await photos(bob);
    const base = { name: 'Bob Stone', id_card_type: 2, card_id: 'P1234567', ...mine };
    for (const id_card_type of [0, 4, 'passport', 1.5, -1, '']) expectRefused(await submit(bob.token, { ...base, id_card_type }), 'bad_request');
    expectRefused(await submit(bob.token, { ...base, name: '' }), 'bad_request');
    expectRefused(await submit(bob.token, { ...base, card_id: '   ' }), 'bad_request');
    const { front_pic: _f, ...noFront } = base;
    const noFrontAnswer = await submit(bob.token, noFront);
    expectRefused(noFrontAnswer, 'real_name_front_missing');
    expect(noFrontAnswer.body.msg).toBe('Please upload the front of your ID');
    expectRefused(await submit(bob.token, { ...base, reverse_pic: '' }), 'real_name_back_missing');
    expectRefused(await submit(bob.token, { ...base, reverse_pic: '/uploads/../../etc/passwd' }), 'bad_request');
    expectRefused(await submit(bob.token, { ...base, front_pic: `/uploads/${'0'.repeat(32)}.png` }), 'real_name_front_missing');
    // Alice's upload is never Bob's id photo.
    expectRefused(await submit(bob.token, { ...base, reverse_pic: await uploadUrlOf(t.app, alice.token) }), 'real_name_back_missing');
    expect(await t.db.selectFrom('real_name_auths').select('id').where('user_id', '=', bob.user.id).execute()).toEqual([]);
    expect((await center(bob.token)).data.review_status).toBe(0);
  });

  it('submit waits (1), a second submission is refused, a rejection returns to the form with the reason, resubmission is approved (2)', async () => {
    const first = { name: 'Alice Wong', id_card_type: 1, card_id: 'A123456(7)', ...(await photos(alice)) };
    const sent = await submit(alice.token, first);
    expect(sent.body).toMatchObject({ code: 1, msg: 'Submitted, waiting for review', data: { review_status: 1, name: 'Alice Wong', id_card_type: 1, id_card_type_name: 'ID card', card_id: 'A123456(7)', front_pic: first.front_pic, reverse_pic: first.reverse_pic } });
    const again = await submit(alice.token, { ...first, ...(await photos(alice)) });
    expectRefused(again, 'real_name_waiting');
    expect(again.body.msg).toBe('Your verification is waiting for review');

    const waiting = await queue(reviewer, 1);
    const item = waiting.body.data.data.find((r) => r.user.id === alice.user.id)!;
    expect(item).toMatchObject({ status: 1, name: 'Alice Wong', card_id: 'A123456(7)', front_pic: first.front_pic, user: { uid: alice.user.uid, email: alice.email }, reviewed_at: null });
    // The reviewer opens the photos with the staff token.
    const photo = await t.app.inject({ method: 'GET', url: item.front_pic, headers: { authorization: reviewer } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/png');

    expectRefused(await call(t.app, { method: 'POST', url: endpointPath(e.reject, { id: item.id }), headers: { authorization: reviewer }, payload: {} }), 'bad_request');
    expect((await decide(reviewer, item.id, 'reject', 'The photo of the back is blurred')).body).toMatchObject({ code: 1, data: { id: item.id, status: 3 } });
    expectRefused(await decide(reviewer, item.id, 'approve'), 'already_decided');
    const rejected = await center(alice.token, 'hk');
    expect(rejected.data).toMatchObject({ review_status: 0, reject_reason: 'The photo of the back is blurred', name: 'Alice Wong', id_card_type_name: '身份證' });

    const second = await submit(alice.token, { ...first, id_card_type: '2', card_id: 'K7654321', ...(await photos(alice)) });
    expect(second.body.data).toMatchObject({ review_status: 1, id_card_type: 2, id_card_type_name: 'Passport', reject_reason: '' });
    const id = (await queue(admin, 1)).body.data.data.find((r) => r.user.id === alice.user.id)!.id;
    expect((await decide(reviewer, id, 'approve')).body).toMatchObject({ code: 1, data: { status: 2 } });
    expect((await center(alice.token)).data).toMatchObject({ review_status: 2, name: 'Alice Wong', id_card_type: 2, card_id: 'K7654321' });
    expectRefused(await submit(alice.token, { ...first, ...(await photos(alice)) }), 'real_name_verified');

    const audit = await t.db.selectFrom('audit_log').select(['action', 'target', 'detail']).where('target', 'in', [`real_name:${item.id}`, `real_name:${id}`]).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['real_name.reject', 'real_name.approve']);
    expect(JSON.stringify(audit[0]!.detail)).toContain('The photo of the back is blurred');
    // Both submissions stay on record.
    expect(await t.db.selectFrom('real_name_auths').select('status').where('user_id', '=', alice.user.id).orderBy('id').execute()).toEqual([{ status: 3 }, { status: 2 }]);
  });

  it("another user's data never shows: each center is its own, and Bob's photos cannot be read with Alice's token", async () => {
    const carol = await registerUser(t.app, t.dataDir);
    const pics = await photos(carol);
    await submit(carol.token, { name: 'Carol Lee', id_card_type: 3, card_id: 'D-99', ...pics });
    expect((await center(bob.token)).data).toMatchObject({ review_status: 0, name: '' });
    expect((await center(alice.token)).data.name).toBe('Alice Wong');
    expect((await center(carol.token)).data).toMatchObject({ review_status: 1, name: 'Carol Lee', id_card_type_name: "Driver's license" });
    expectRefused(await call(t.app, { method: 'GET', url: pics.front_pic, headers: { authorization: alice.token } }), 'not_found');
  });

  it('the queue is for admins and reviewers: support is refused, users are not staff; unknown ids are not found', async () => {
    const support = await staffSession(t.db, (await createStaff(t.db, 'support')).id);
    expectRefused(await queue(support), 'staff_role_forbidden');
    expectRefused(await decide(support, 1, 'approve'), 'staff_role_forbidden');
    expect((await queue(alice.token)).body.code).toBe(999);
    expectRefused(await decide(admin, 999999, 'approve'), 'not_found');
    const all = await queue(admin);
    expect(all.body.data.total).toBeGreaterThanOrEqual(3);
    expect(all.body.data.data.map((r) => r.id)).toEqual([...all.body.data.data.map((r) => r.id)].sort((a, b) => b - a));
    expect((await queue(admin, 2)).body.data.data.every((r) => r.status === 2)).toBe(true);
  });
});
