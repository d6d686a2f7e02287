import { z } from 'zod';
import { decimalString, positiveAmountInput, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { intField, idField, optionalInt } from './form-fields.js';

/** Transfers between a user's own accounts (spec 5; decisions.md: from/to are accountTypeIds). */

const accountTypeField = intField.pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]));

export const transferInput = z.object({
  balance: positiveAmountInput,
  currency_id: idField.default(1),
  from: accountTypeField,
  to: accountTypeField,
  ...ignoredT,
});
export type TransferInput = z.infer<typeof transferInput>;

/** `type`: only transfers touching this account (accountTypeId); absent: all. */
export const transferLogQuery = z.object({ type: optionalInt(accountTypeField), ...pageQuery.shape, ...ignoredT });

export const transferRecordSchema = z.object({
  id: z.number().int(),
  balance: decimalString,
  from: z.number().int(),
  to: z.number().int(),
  currency_id: z.number().int(),
  created_at: wireDateTime,
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;
export const transferPageSchema = pagedSchema(transferRecordSchema);
