import { z } from 'zod';

/** A decimal amount on the wire: a string, never a binary float. Up to 18 fractional digits. */
export const decimalString = z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'decimal');
/** A positive amount a user types (deposit, transfer...): accepted as string or number, returned as string. */
export const positiveAmountInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'amount'))
  .refine((v) => Number(v) > 0, 'amount');

/** Date-times on the wire: `YYYY-MM-DD HH:mm:ss` in UTC. */
export const wireDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
