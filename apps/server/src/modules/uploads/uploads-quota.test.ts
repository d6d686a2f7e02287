import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, expectRefused, registerUser } from '../../test/http-helpers.js';
import { multipartBody, PNG_1X1, upload } from '../../test/wallet-helpers.js';
import { endpoints } from '@tp/contracts';

// Small quotas so a test reaches them: 4 images per hour, 10,000 bytes per day.
const PER_HOUR = 4;
const BYTES_PER_DAY = 10_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { uploadsPerHour: PER_HOUR, uploadBytesPerDay: BYTES_PER_DAY } });
});
afterAll(async () => {
  await t.close();
});

/** A PNG (by its first bytes) of `size` bytes. */
const pngOf = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length)]);
const files = async () => (await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => [])).sort();
const rowsOf = async (userId: number) => (await t.db.selectFrom('uploads').select('id').where('user_id', '=', userId).execute()).length;

describe('upload quotas (per user: images per hour, bytes per day)', () => {
  it('refuses the upload past the hourly count in the localized envelope, storing nothing; other users are not affected', async () => {
    const alice = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < PER_HOUR; i++) expect((await upload(t.app, alice.token)).body.code).toBe(1);
    const before = await files();
    const body = multipartBody(PNG_1X1);
    const res = await call(t.app, { method: 'POST', url: endpoints.uploads.image.path, headers: { ...body.headers, authorization: alice.token, lang: 'en' }, payload: body.payload });
    expectRefused(res, 'upload_quota_count');
    expect(res.body.msg).toBe(`You can upload at most ${PER_HOUR} images per hour, please try again later`);
    expectRefused(await upload(t.app, alice.token), 'upload_quota_count');
    expect(await files()).toEqual(before);
    expect(await rowsOf(alice.user.id)).toBe(PER_HOUR);

    const bob = await registerUser(t.app, t.dataDir);
    expect((await upload(t.app, bob.token)).body.code).toBe(1);

    // The hour rolls on: uploads older than an hour no longer count toward it.
    await t.db.updateTable('uploads').set({ created_at: sql<Date>`now() - interval '61 minutes'` }).where('user_id', '=', alice.user.id).execute();
    expect((await upload(t.app, alice.token)).body.code).toBe(1);
  });

  it('refuses an upload that would pass the daily bytes, naming the limit; a smaller one still fits', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    expect((await upload(t.app, carol.token, pngOf(6_000))).body.code).toBe(1);
    const before = await files();
    const body = multipartBody(pngOf(6_000));
    const res = await call(t.app, { method: 'POST', url: endpoints.uploads.image.path, headers: { ...body.headers, authorization: carol.token, lang: 'en' }, payload: body.payload });
    expectRefused(res, 'upload_quota_bytes');
    expect(res.body.msg).toBe('You can upload at most 0.01 MB of images per day, please try again later');
    expect(await files()).toEqual(before);
    expect(await rowsOf(carol.user.id)).toBe(1);
    expect((await upload(t.app, carol.token, pngOf(4_000))).body.code).toBe(1);
    expectRefused(await upload(t.app, carol.token, PNG_1X1), 'upload_quota_bytes');

    // Bytes older than 24 hours no longer count.
    await t.db.updateTable('uploads').set({ created_at: sql<Date>`now() - interval '25 hours'` }).where('user_id', '=', carol.user.id).execute();
    expect((await upload(t.app, carol.token, pngOf(6_000))).body.code).toBe(1);
  });

  it('20 parallel uploads of one user: exactly the quota is stored, the rest refused', async () => {
    const dave = await registerUser(t.app, t.dataDir);
    const before = (await files()).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(t.app, dave.token)));
    const ok = answers.filter((a) => a.body.code === 1);
    expect(ok).toHaveLength(PER_HOUR);
    for (const a of answers.filter((x) => x.body.code !== 1)) expectRefused(a, 'upload_quota_count');
    expect(await rowsOf(dave.user.id)).toBe(PER_HOUR);
    expect((await files()).length).toBe(before + PER_HOUR);
  });
});
