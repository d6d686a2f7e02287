import type { z } from 'zod';
import type {
  AdminBankAccount,
  AdminBankCoin,
  AdminDepositAddress,
  bankAccountCreateInput,
  bankAccountUpdateInput,
  bankCoinCreateInput,
  bankCoinUpdateInput,
  depositAddressCreateInput,
  depositAddressUpdateInput,
} from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';

/**
 * Where users send deposits (admin console): coin deposit addresses, bank deposit currencies and
 * their collection accounts. Rows are retired with `enabled: false`, never deleted: a deposit
 * record names the address or account it was sent to. The user endpoints read the tables per
 * request, so a change shows on the next page load.
 */

/** Only the fields a change names (undefined: keep the stored value). */
function named<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const ADDRESS_COLUMNS = ['id', 'currency_code', 'protocol_code', 'address', 'sort', 'enabled'] as const;

export async function listDepositAddressesForAdmin(db: Executor): Promise<AdminDepositAddress[]> {
  return db.selectFrom('deposit_addresses').select(ADDRESS_COLUMNS).orderBy('sort').orderBy('id').execute();
}

async function addressTaken(trx: Executor, a: { currency_code: string; protocol_code: string; address: string }, exceptId: number | null): Promise<boolean> {
  const row = await trx
    .selectFrom('deposit_addresses')
    .select('id')
    .where('currency_code', '=', a.currency_code)
    .where('protocol_code', '=', a.protocol_code)
    .where('address', '=', a.address)
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function createDepositAddress(trx: Executor, adminId: number, input: z.output<typeof depositAddressCreateInput>): Promise<AdminDepositAddress> {
  if (await addressTaken(trx, input, null)) refuse('config_duplicate');
  const row = await trx
    .insertInto('deposit_addresses')
    .values({ currency_code: input.currency_code, protocol_code: input.protocol_code, address: input.address, sort: input.sort ?? 0, enabled: input.enabled ?? true })
    .returning(ADDRESS_COLUMNS)
    .executeTakeFirstOrThrow();
  await writeAudit(trx, { adminId, action: 'deposit_address.create', target: `deposit_address:${row.id}`, detail: {}, after: row });
  return row;
}

export async function updateDepositAddress(trx: Executor, adminId: number, id: number, input: z.output<typeof depositAddressUpdateInput>): Promise<AdminDepositAddress> {
  const before = await trx.selectFrom('deposit_addresses').select(ADDRESS_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) refuse('not_found');
  const change = named(input);
  if (await addressTaken(trx, { ...before, ...change }, id)) refuse('config_duplicate');
  const after = Object.keys(change).length > 0 ? await trx.updateTable('deposit_addresses').set(change).where('id', '=', id).returning(ADDRESS_COLUMNS).executeTakeFirstOrThrow() : before;
  await writeAudit(trx, { adminId, action: 'deposit_address.update', target: `deposit_address:${id}`, detail: {}, before, after });
  return after;
}

const COIN_COLUMNS = ['id', 'name', 'sort', 'enabled'] as const;

export async function listBankCoinsForAdmin(db: Executor): Promise<AdminBankCoin[]> {
  return db.selectFrom('bank_coins').select(COIN_COLUMNS).orderBy('sort').orderBy('id').execute();
}

export async function createBankCoin(trx: Executor, adminId: number, input: z.output<typeof bankCoinCreateInput>): Promise<AdminBankCoin> {
  const row = await trx
    .insertInto('bank_coins')
    .values({ name: input.name.toUpperCase(), sort: input.sort ?? 0, enabled: input.enabled ?? true })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(COIN_COLUMNS)
    .executeTakeFirst();
  if (!row) refuse('config_duplicate');
  await writeAudit(trx, { adminId, action: 'bank_coin.create', target: `bank_coin:${row.id}`, detail: {}, after: row });
  return row;
}

export async function updateBankCoin(trx: Executor, adminId: number, id: number, input: z.output<typeof bankCoinUpdateInput>): Promise<AdminBankCoin> {
  const before = await trx.selectFrom('bank_coins').select(COIN_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) refuse('not_found');
  const change = named({ ...input, name: input.name?.toUpperCase() });
  if (change.name !== undefined) {
    const taken = await trx.selectFrom('bank_coins').select('id').where('name', '=', change.name).where('id', '<>', id).executeTakeFirst();
    if (taken) refuse('config_duplicate');
  }
  const after = Object.keys(change).length > 0 ? await trx.updateTable('bank_coins').set(change).where('id', '=', id).returning(COIN_COLUMNS).executeTakeFirstOrThrow() : before;
  await writeAudit(trx, { adminId, action: 'bank_coin.update', target: `bank_coin:${id}`, detail: {}, before, after });
  return after;
}

const ACCOUNT_COLUMNS = ['b.id', 'b.bank_coin_id', 'c.name as bank_coin', 'b.bank_name', 'b.bank_address', 'b.bank_swift', 'b.payee_name', 'b.payee_account', 'b.bank_remark', 'b.enabled'] as const;

async function findAccount(db: Executor, id: number): Promise<AdminBankAccount | undefined> {
  return db.selectFrom('bank_accounts as b').innerJoin('bank_coins as c', 'c.id', 'b.bank_coin_id').select(ACCOUNT_COLUMNS).where('b.id', '=', id).executeTakeFirst();
}

export async function listBankAccountsForAdmin(db: Executor): Promise<AdminBankAccount[]> {
  return db.selectFrom('bank_accounts as b').innerJoin('bank_coins as c', 'c.id', 'b.bank_coin_id').select(ACCOUNT_COLUMNS).orderBy('c.sort').orderBy('b.id').execute();
}

async function requireBankCoin(trx: Executor, id: number): Promise<void> {
  const coin = await trx.selectFrom('bank_coins').select('id').where('id', '=', id).executeTakeFirst();
  if (!coin) refuse('config_bank_coin_missing');
}

export async function createBankAccount(trx: Executor, adminId: number, input: z.output<typeof bankAccountCreateInput>): Promise<AdminBankAccount> {
  await requireBankCoin(trx, input.bank_coin_id);
  const { id } = await trx
    .insertInto('bank_accounts')
    .values({
      bank_coin_id: input.bank_coin_id,
      bank_name: input.bank_name,
      bank_address: input.bank_address ?? '',
      bank_swift: input.bank_swift?.toUpperCase() ?? '',
      payee_name: input.payee_name,
      payee_account: input.payee_account,
      bank_remark: input.bank_remark ?? '',
      enabled: input.enabled ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const after = (await findAccount(trx, id))!;
  await writeAudit(trx, { adminId, action: 'bank_account.create', target: `bank_account:${id}`, detail: {}, after });
  return after;
}

export async function updateBankAccount(trx: Executor, adminId: number, id: number, input: z.output<typeof bankAccountUpdateInput>): Promise<AdminBankAccount> {
  const locked = await trx.selectFrom('bank_accounts').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!locked) refuse('not_found');
  const before = (await findAccount(trx, id))!;
  if (input.bank_coin_id !== undefined) await requireBankCoin(trx, input.bank_coin_id);
  const change = named({ ...input, bank_swift: input.bank_swift?.toUpperCase() });
  if (Object.keys(change).length > 0) await trx.updateTable('bank_accounts').set(change).where('id', '=', id).execute();
  const after = (await findAccount(trx, id))!;
  await writeAudit(trx, { adminId, action: 'bank_account.update', target: `bank_account:${id}`, detail: {}, before, after });
  return after;
}
