import { z } from 'zod';
import { decimalString } from './money.js';

/** Three balance accounts per user and currency; transfer's from/to are these ids. */
export const ACCOUNT_TYPES = { change: 1, micro: 2, forex: 3 } as const;
export type AccountTypeName = keyof typeof ACCOUNT_TYPES;
export const ACCOUNT_TYPE_IDS = Object.values(ACCOUNT_TYPES);

export const balanceAccountSchema = z.object({
  accountTypeId: z.number().int(),
  type: z.enum(['change', 'micro', 'forex']),
  balance: decimalString, // available
  lockBalance: decimalString, // held (margin, pending withdrawals, stakes)
  currencyId: z.number().int(),
  currency: z.string(), // 'USDT'
});
export type BalanceAccount = z.infer<typeof balanceAccountSchema>;

/** A demo account starts with this much in each of its three accounts (decisions.md). */
export const DEMO_START_BALANCE = '10000';
