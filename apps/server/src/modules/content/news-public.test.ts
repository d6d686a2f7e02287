import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type AdminNews, type NewsArticle, type NewsItem, type Paged } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { callEndpoint, expectRefused } from '../../test/http-helpers.js';
import { adminToken } from '../../test/wallet-helpers.js';

let t: TestApp;
let admin: string;
const a = endpoints.adminConfig;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const list = async (lang: string, page = 1, category_id?: number) =>
  (await callEndpoint(t.app, endpoints.news.list, { input: { page, ...(category_id ? { category_id } : {}) }, headers: { lang } })).body as { code: number; data: Paged<NewsItem> };
const info = async (lang: string, id: number) => (await callEndpoint(t.app, endpoints.news.info, { input: { id }, headers: { lang } })).body as { code: number; data: NewsArticle; error?: string };
const create = async (input: Record<string, unknown>) =>
  (await callEndpoint(t.app, a.createNews, { input: { category_id: 1, content: '<p>x</p>', published: true, ...input } as never, token: admin })).body as { code: number; data: AdminNews; error?: string };

describe('news for users', () => {
  it('lists the seeded articles to a visitor, newest first, without the body; the default language sees the originals', async () => {
    const en = await list('en');
    expect(en.code).toBe(1);
    expect(en.data).toMatchObject({ total: 3, current_page: 1, last_page: 1, per_page: 15 });
    expect(en.data.data.map((n) => n.title)).toEqual([
      'Scheduled maintenance of deposit channels this weekend',
      'Euro edges higher after stronger than expected factory data',
      'Gold holds near record as traders weigh rate outlook',
    ]);
    expect(en.data.data[0]).not.toHaveProperty('content');
    expect(en.data.data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("shows an article in the request's language where it has one, else the original; the id stays the original's", async () => {
    const ar = await list('ar');
    expect(ar.data.total).toBe(3);
    expect(ar.data.data.map((n) => n.title)).toEqual([
      'Scheduled maintenance of deposit channels this weekend',
      'اليورو يرتفع قليلًا بعد بيانات مصانع أقوى من المتوقع',
      'الذهب يستقر قرب مستوى قياسي بينما يقيّم المتداولون توقعات الفائدة',
    ]);
    const gold = (await list('en')).data.data[2]!;
    expect(ar.data.data[2]!.id).toBe(gold.id);
    const inHk = await info('hk', gold.id);
    expect(inHk.data).toMatchObject({ id: gold.id, title: '金價在交易員評估利率前景之際守穩於紀錄高位附近', language: 'hk' });
    expect(inHk.data.content).toContain('<strong>亞洲的實物需求</strong>');
    const inDe = await info('de', gold.id);
    expect(inDe.data).toMatchObject({ title: 'Gold holds near record as traders weigh rate outlook', language: '' });
    // Without a lang header the default language (hk) is read.
    const plain = (await callEndpoint(t.app, endpoints.news.info, { input: { id: gold.id } })).body as { data: NewsArticle };
    expect(plain.data.language).toBe('hk');
  });

  it('hides unpublished articles, translations as rows of their own, and articles meant for another language', async () => {
    const hidden = await create({ title: 'Draft', published: false });
    const frOnly = await create({ title: 'Pour les lecteurs francophones', language: 'fr' });
    const gold = (await list('en')).data.data.find((n) => n.title.startsWith('Gold'))!;
    const translationRow = await t.db.selectFrom('news').select('id').where('translation_of', '=', gold.id).where('language', '=', 'ar').executeTakeFirstOrThrow();
    expectRefused({ status: 200, body: (await callEndpoint(t.app, endpoints.news.info, { input: { id: hidden.data.id } })).body as never }, 'not_found');
    expect((await info('ar', translationRow.id)).error).toBe('not_found');
    expect((await info('en', frOnly.data.id)).error).toBe('not_found');
    expect((await info('fr', frOnly.data.id)).data.title).toBe('Pour les lecteurs francophones');
    expect((await list('fr')).data.data[0]!.title).toBe('Pour les lecteurs francophones');
    expect((await list('en')).data.data.some((n) => n.title === 'Draft' || n.id === frOnly.data.id)).toBe(false);
    expect((await info('en', 999999)).error).toBe('not_found');
  });

  it('pages with a last page ("no more"), and other categories apart', async () => {
    for (let i = 0; i < 14; i += 1) await create({ title: `Market note ${i}` });
    await create({ title: 'A category 2 article', category_id: 2 });
    const first = await list('en');
    expect(first.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 15 });
    expect(first.data.data).toHaveLength(15);
    const second = await list('en', 2);
    expect(second.data.current_page).toBe(2);
    expect(second.data.data.length).toBe(first.data.total - 15);
    expect([...first.data.data, ...second.data.data].some((n) => n.title === 'A category 2 article')).toBe(false);
    expect((await list('en', 1, 2)).data.data.map((n) => n.title)).toEqual(['A category 2 article']);
    expect((await list('en', 3)).data.data).toEqual([]);
  });

  it('staff write translations: language required, one per language, no translation of a translation, an unpublished one is not shown', async () => {
    const original = await create({ title: 'Original article', content: '<p>orig</p>' });
    const bad = async (input: Record<string, unknown>) => expect((await create({ title: 'T', ...input })).error).toBe('news_translation_invalid');
    await bad({ translation_of: original.data.id });
    await bad({ translation_of: original.data.id, language: '' });
    await bad({ translation_of: 999999, language: 'de' });
    const de = await create({ title: 'Originalartikel', content: '<p>orig<script>x()</script></p>', language: 'de', translation_of: original.data.id });
    expect(de.data).toMatchObject({ translation_of: original.data.id, language: 'de', content: '<p>orig</p>' });
    await bad({ translation_of: original.data.id, language: 'de' });
    await bad({ translation_of: de.data.id, language: 'it' });
    // The original has a translation: it cannot become one.
    const other = await create({ title: 'Other' });
    const update = async (id: number, input: Record<string, unknown>) => (await callEndpoint(t.app, a.updateNews, { input: input as never, params: { id }, token: admin })).body as { error?: string; data: AdminNews };
    expect((await update(original.data.id, { translation_of: other.data.id, language: 'it' })).error).toBe('news_translation_invalid');
    expect((await update(de.data.id, { language: '' })).error).toBe('news_translation_invalid');
    expect((await info('de', original.data.id)).data).toMatchObject({ title: 'Originalartikel', language: 'de' });
    await update(de.data.id, { published: false });
    expect((await info('de', original.data.id)).data.title).toBe('Original article');
    // Turned back into an original of its own (for German readers only).
    expect((await update(de.data.id, { translation_of: '', published: true })).data.translation_of).toBeNull();
    expect((await list('de')).data.data.map((n) => n.title)).toEqual(expect.arrayContaining(['Originalartikel', 'Original article']));
  });
});
