import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankAccountUpdateInput,
  bankCoinUpdateInput,
  companyUpdateInput,
  depositAddressUpdateInput,
  settingDefinition,
  settingValueSchema,
  SETTING_DEFINITIONS,
  symbolUpdateInput,
} from '@tp/contracts';
import type { z } from 'zod';
import { createSeededTestDatabase } from '../../test/test-app.js';

/**
 * What the seed ships must pass the console's own forms: an edit drawer sends every field of the
 * row back, so a seeded value the change schema refuses would make that row impossible to edit.
 */
let database: Awaited<ReturnType<typeof createSeededTestDatabase>>;
beforeAll(async () => {
  database = await createSeededTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function expectAccepted(schema: z.ZodType, rows: Record<string, unknown>[], label: (r: Record<string, unknown>) => string) {
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    expect(parsed.success, `${label(row)}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
  }
}

describe('seeded configuration fits the change schemas', () => {
  it('symbols, companies, deposit addresses, bank currencies and accounts, settings', async () => {
    const db = database.db;
    const symbols = await db.selectFrom('trade_symbols').select(['code', 'spread', 'fee_rate', 'leverages', 'min_cont', 'max_cont', 'schedule', 'enabled']).execute();
    // Symbols with no leverage list ("no mult config") keep it: the drawer leaves an empty list out.
    for (const { code, leverages, ...r } of symbols) {
      const parsed = symbolUpdateInput.safeParse({ ...r, ...(leverages.length ? { leverages } : {}) });
      expect(parsed.success, `${code}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
    }
    const companies = await db.selectFrom('companies').select(['name', 'logo', 'url', 'subject', 'registered_address', 'location', 'email', 'is_main', 'enabled']).execute();
    expectAccepted(companyUpdateInput, companies, (r) => String(r.name));
    const addresses = await db.selectFrom('deposit_addresses').select(['currency_code', 'protocol_code', 'address', 'sort', 'enabled']).execute();
    expectAccepted(depositAddressUpdateInput, addresses, (r) => String(r.address));
    expectAccepted(bankCoinUpdateInput, await db.selectFrom('bank_coins').select(['name', 'sort', 'enabled']).execute(), (r) => String(r.name));
    const accounts = await db.selectFrom('bank_accounts').select(['bank_coin_id', 'bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account', 'bank_remark', 'enabled']).execute();
    expectAccepted(bankAccountUpdateInput, accounts, (r) => String(r.bank_name));
    const settings = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', SETTING_DEFINITIONS.map((d) => d.key)).execute();
    expect(settings).toHaveLength(SETTING_DEFINITIONS.length);
    for (const s of settings) expect(settingValueSchema(settingDefinition(s.key)!).safeParse(s.value ?? '').success, s.key).toBe(true);
  });
});
