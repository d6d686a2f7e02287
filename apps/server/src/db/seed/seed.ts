import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../database.js';
import { hashPassword } from '../../lib/passwords.js';
import { BASE_CURRENCY, SYSTEM_ACCOUNTS } from './system-accounts.js';
import { AREAS } from './areas.js';
import { COMPANIES } from './companies.js';
import { seedMarket } from './market.js';
import { seedWallet } from './wallet.js';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string | undefined;
  dataDir: string;
  log: (line: string) => void;
}

/** Public settings: answered by /api/default/setting and read by getBasicInfo. */
export const BASE_SETTINGS: Record<string, string> = {
  verify_reg_type: '1',
  trade_fee_type: '1',
  micro_loss_level: '0',
  service_link: '', // empty: the app opens its own chat page
  service_link_type: '1',
  stop_out_level: '50',
  company_email: 'support@harbourpoint.example',
  main_mode: '1',
  company_status: '0',
  company_status_type: '0',
  loss_url: '',
  // Empty: a desktop browser sees the phone layout without a link to a desktop site.
  pc_url: '',
  // The clips shipped in apps/web/public/videos (scripts/render-videos.mjs makes them).
  video_url_1: '/videos/market-basics.webm',
  video_url_2: '/videos/placing-an-order.webm',
};

const SEEDED_KEY = 'seeded_at';

/**
 * First start only (a private `seeded_at` setting marks it done), all in one transaction:
 * settings, areas, companies, the base currency, the house accounts and one admin.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  const generated = opts.adminPassword ? undefined : crypto.randomBytes(12).toString('base64url');
  const adminPassword = opts.adminPassword ?? generated!;
  const adminHash = await hashPassword(adminPassword);

  const seeded = await db.transaction().execute(async (trx) => {
    // Two processes starting on a fresh database must not both seed.
    const inserted = await trx
      .insertInto('settings')
      .values({ key: SEEDED_KEY, value: new Date().toISOString(), is_public: false })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) return false;

    await trx
      .insertInto('settings')
      .values(Object.entries(BASE_SETTINGS).map(([key, value]) => ({ key, value, is_public: true })))
      .execute();
    await trx
      .insertInto('areas')
      .values(AREAS.map(([code, globalCode, name], i) => ({ code, global_code: globalCode, name, sort: i })))
      .execute();
    await trx.insertInto('companies').values([...COMPANIES]).execute();
    const { id: currencyId } = await trx
      .insertInto('currencies')
      .values({ code: BASE_CURRENCY, name: 'Tether USD' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_accounts')
      .values(Object.values(SYSTEM_ACCOUNTS).map((code) => ({ system_code: code, currency_id: currencyId })))
      .execute();
    await trx.insertInto('admins').values({ email: opts.adminEmail, password_hash: adminHash, role: 'admin' }).execute();
    return true;
  });

  await seedMarket(db);
  await seedWallet(db);

  if (seeded && generated) {
    await fs.mkdir(opts.dataDir, { recursive: true });
    const file = path.join(opts.dataDir, 'admin-password.txt');
    // The password alone (README: the file holds the password), so `$(cat admin-password.txt)` works.
    await fs.writeFile(file, `${generated}\n`, { mode: 0o600 });
    opts.log(`Admin account ${opts.adminEmail} created with password ${generated} (also written to ${file})`);
  }
  return seeded;
}
