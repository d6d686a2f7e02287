import { z } from 'zod';
import { decimalString } from './money.js';

export const balanceAccountSchema = z.object({
  accountTypeId: z.number().int(),
  type: z.enum(['change', 'micro', 'forex']),
  balance: decimalString, // available
  lockBalance: decimalString, // held (margin, pending withdrawals, stakes)
  currencyId: z.number().int(),
  currency: z.string(), // 'USDT'
});
export type BalanceAccount = z.infer<typeof balanceAccountSchema>;
