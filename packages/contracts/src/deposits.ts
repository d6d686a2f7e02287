import { z } from 'zod';
import { decimalString, positiveAmountInput, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { intField, idField, optionalText, optionalInt } from './form-fields.js';
import { uploadUrlInput } from './uploads.js';

/** Deposits (quickCharge, spec 4; decisions.md): coin and bank deposits, credited when an admin approves. */

export const depositAddressSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const bankCoinSchema = z.object({ id: z.number().int(), name: z.string() });
export type BankCoin = z.infer<typeof bankCoinSchema>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const wireInfoQuery = z.object({ bank_coin: idField, ...ignoredT });

/** Coin deposit: `charge_id` is the deposit address paid to; `address` the sender's address or tx hash (kept as told). */
export const coinDepositInput = z.object({
  number: positiveAmountInput,
  proofImg: uploadUrlInput,
  address: optionalText(200),
  charge_id: idField,
  ...ignoredT,
});
export type CoinDepositInput = z.infer<typeof coinDepositInput>;

export const wireDepositInput = z.object({
  number: positiveAmountInput,
  proofImg: uploadUrlInput,
  wire_id: idField,
  ...ignoredT,
});
export type WireDepositInput = z.infer<typeof wireDepositInput>;

export const chargeListQuery = z.object({
  type: optionalInt(intField.pipe(z.union([z.literal(0), z.literal(1)]))),
  ...pageQuery.shape,
  ...ignoredT,
});

export const chargeRecordSchema = z.object({
  id: z.number().int(),
  number: decimalString,
  type: z.number().int(),
  currency_code: z.string(),
  status: z.number().int(),
  proof_img: z.string(),
  address: z.string(),
  remark: z.string(),
  created_at: wireDateTime,
});
export type ChargeRecord = z.infer<typeof chargeRecordSchema>;
export const chargePageSchema = pagedSchema(chargeRecordSchema);
