import { sql, type Kysely } from 'kysely';

/**
 * Earlier releases seeded English sentences that users of every language saw: company subjects
 * and bank transfer remarks. The seed now has none (seed/companies.ts, seed/wallet.ts); this
 * clears the same sentences on databases seeded before, only where staff have not changed them.
 */
const OLD_SUBJECTS = ['Online trading of contracts and options', 'Asset management', 'Digital asset brokerage', 'Securities and foreign exchange'];
const OLD_REMARKS: [string, string][] = [
  ['Put your UID in the transfer reference', ''],
  ['SEPA transfers only; put your UID in the reference', 'SEPA'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const subject of OLD_SUBJECTS) {
    await sql`UPDATE companies SET subject = '' WHERE subject = ${subject}`.execute(db);
  }
  for (const [remark, now] of OLD_REMARKS) {
    await sql`UPDATE bank_accounts SET bank_remark = ${now} WHERE bank_remark = ${remark}`.execute(db);
  }
}

/** The English texts are not put back: nothing depends on them. */
export async function down(): Promise<void> {}
