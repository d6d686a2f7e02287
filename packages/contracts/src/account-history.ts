import { z } from 'zod';
import { decimalString, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { intField, optionalInt } from './form-fields.js';

/** Account history: the ledger of one balance account as the user sees it (spec 3). */

export const accountLogQuery = z.object({
  /** The account (1 funding, 2 options, 3 contract); `type` is accepted as the same. */
  accountTypeId: optionalInt(intField.pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))),
  type: z
    .union([z.enum(['change', 'micro', 'forex']).transform((v) => ({ change: 1, micro: 2, forex: 3 })[v]), intField])
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .optional(),
  ...pageQuery.shape,
  ...ignoredT,
});

export const accountLogItemSchema = z.object({
  Id: z.string(),
  /** Change of the available balance, signed. */
  Value: decimalString,
  /** Change of the frozen (held) balance, signed: a withdrawal freezes, its payout unfreezes. */
  FrozenValue: decimalString,
  Type: z.number().int(),
  Memo: z.string(),
  MemoTran: z.string(),
  /** The ledger kind of the line (deposit, forex_open, micro_settlement...): MemoTran is its text. */
  Kind: z.string(),
  CreatedAtTran: wireDateTime,
});
export type AccountLogItem = z.infer<typeof accountLogItemSchema>;

export const accountLogPageSchema = pagedSchema(accountLogItemSchema).extend({
  accountTypeId: z.number().int(),
  available: decimalString,
  frozen: decimalString,
});
export type AccountLogPage = z.infer<typeof accountLogPageSchema>;
