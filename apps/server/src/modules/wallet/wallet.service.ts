import { ACCOUNT_TYPES, type AccountTypeName, type BalanceAccount } from '@tp/contracts';
import { fixed } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { listUserAccounts } from '../ledger/ledger.repository.js';

/** Amounts on the wire carry 8 decimals, rounded toward zero (never show more than is there). */
export const WIRE_PLACES = 8;

const TYPE_NAMES = Object.fromEntries(Object.entries(ACCOUNT_TYPES).map(([name, id]) => [id, name])) as Record<number, AccountTypeName>;

export async function balances(db: Executor, userId: number): Promise<BalanceAccount[]> {
  const rows = await listUserAccounts(db, userId);
  return rows
    .filter((r) => TYPE_NAMES[r.account_type] !== undefined)
    .map((r) => ({
      accountTypeId: r.account_type,
      type: TYPE_NAMES[r.account_type]!,
      balance: fixed(r.balance, WIRE_PLACES, 'down'),
      lockBalance: fixed(r.lock_balance, WIRE_PLACES, 'down'),
      currencyId: r.currency_id,
      currency: r.currency,
    }));
}
