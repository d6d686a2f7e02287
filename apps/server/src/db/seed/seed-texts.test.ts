import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSeededTestDatabase } from '../../test/test-app.js';
import { up as neutralSeedTexts } from '../migrations/0020-neutral-seed-texts.js';

/** Seeded texts users see in every language: names, addresses, links and terms, no English sentence. */
let database: Awaited<ReturnType<typeof createSeededTestDatabase>>;
beforeAll(async () => {
  database = await createSeededTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('seeded texts shown to users', () => {
  it('company subjects and bank remarks carry no English sentence; the main company has the shipped logo', async () => {
    const companies = await database.db.selectFrom('companies').select(['name', 'subject', 'logo', 'url', 'is_main']).execute();
    for (const c of companies) expect(c.subject, c.name).toBe('');
    const main = companies.find((c) => c.is_main)!;
    expect(main.logo).toBe('/logo.png');
    const remarks = await database.db.selectFrom('bank_accounts').select(['bank_name', 'bank_remark']).execute();
    for (const r of remarks) expect(r.bank_remark, r.bank_name).not.toMatch(/\s/);
  });

  it('a database seeded by an earlier release loses the English sentences, but not what staff wrote', async () => {
    const db = database.db;
    const [first, second] = await db.selectFrom('companies').select('id').orderBy('id').limit(2).execute();
    await sql`UPDATE companies SET subject = 'Online trading of contracts and options' WHERE id = ${first!.id}`.execute(db);
    await sql`UPDATE companies SET subject = 'Written by staff' WHERE id = ${second!.id}`.execute(db);
    const [usd, eur] = await db.selectFrom('bank_accounts').select('id').orderBy('id').limit(2).execute();
    await sql`UPDATE bank_accounts SET bank_remark = 'Put your UID in the transfer reference' WHERE id = ${usd!.id}`.execute(db);
    await sql`UPDATE bank_accounts SET bank_remark = 'SEPA transfers only; put your UID in the reference' WHERE id = ${eur!.id}`.execute(db);

    await neutralSeedTexts(db as never);

    const subject = async (id: number) => (await db.selectFrom('companies').select('subject').where('id', '=', id).executeTakeFirstOrThrow()).subject;
    const remark = async (id: number) => (await db.selectFrom('bank_accounts').select('bank_remark').where('id', '=', id).executeTakeFirstOrThrow()).bank_remark;
    expect(await subject(first!.id)).toBe('');
    expect(await subject(second!.id)).toBe('Written by staff');
    expect(await remark(usd!.id)).toBe('');
    expect(await remark(eur!.id)).toBe('SEPA');
  });
});
