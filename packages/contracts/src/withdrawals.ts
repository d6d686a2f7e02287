import { z } from 'zod';
import { decimalString, positiveAmountInput, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { intField, idField, optionalText, optionalInt } from './form-fields.js';
import { DRAW_TYPES } from './withdrawals-constants.js';
import { sixDigitCode } from './users.js';

/** Withdrawals and their bound methods (spec 4): the amount is held until an admin decides. */

const drawTypeField = intField.pipe(z.union([z.literal(1), z.literal(2)]));

export const drawCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  draw_rate: decimalString,
  fee_type: z.number().int(),
  draw_min: decimalString,
  usd_price: decimalString,
  type: z.number().int(),
});
export type DrawCurrency = z.infer<typeof drawCurrencySchema>;

export const drawSymbolListQuery = z.object({ type: drawTypeField, ...ignoredT });

export const drawCurrencyRefSchema = z.object({ code: z.string(), protocol: z.string() });

export const drawMethodSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  draw_id: z.number().int(),
  dc_address: z.string(),
  payee_account: z.string(),
  payee_name: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  bank_branch: z.string(),
  beneficiary_currency: z.string(),
  remark: z.string(),
  draw_currency: drawCurrencyRefSchema,
  /** When it was bound, and from when it may be withdrawn to (bound + the staff's waiting hours). */
  created_at: wireDateTime,
  usable_at: wireDateTime,
});
export type DrawMethod = z.infer<typeof drawMethodSchema>;

export const getDrawMethodQuery = z.object({ draw_type: drawTypeField, draw_id: optionalInt(idField), ...ignoredT });
export const getDrawMethodSchema = z.object({ list: z.array(drawMethodSchema), drawCurrency: drawCurrencySchema.nullable() });

/**
 * Bind a withdrawal method. Coin (type 1): dc_address, checked against the currency's network.
 * Bank (type 2): payee_account, payee_name and bank_name; the rest optional. `draw_type` is
 * accepted for `type`. `auth_code`: the code e-mailed to the account (send_email type 3).
 */
export const bindDrawMethodInput = z
  .object({
    type: optionalInt(drawTypeField),
    draw_type: optionalInt(drawTypeField),
    draw_id: idField,
    dc_address: optionalText(200),
    payee_account: optionalText(64),
    payee_name: optionalText(100),
    bank_name: optionalText(100),
    bank_address: optionalText(200),
    bank_swift: optionalText(32),
    bank_branch: optionalText(100),
    beneficiary_currency: optionalText(16),
    remark: optionalText(200),
    auth_code: sixDigitCode,
    ...ignoredT,
  })
  .superRefine((v, ctx) => {
    const type = v.type ?? v.draw_type;
    if (type === undefined) return ctx.addIssue({ code: 'custom', path: ['type'], message: 'required' });
    const required = type === DRAW_TYPES.coin ? (['dc_address'] as const) : (['payee_account', 'payee_name', 'bank_name'] as const);
    for (const field of required) if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
  })
  .transform(({ draw_type, ...v }) => ({ ...v, type: (v.type ?? draw_type)! }));
export type BindDrawMethodInput = z.infer<typeof bindDrawMethodInput>;

export const idInput = z.object({ id: idField, ...ignoredT });

/** A withdrawal. `auth_code`: the code e-mailed to the account (send_email type 3). */
export const drawInput = z.object({
  draw_currency_id: idField,
  number: positiveAmountInput,
  memo: optionalText(200),
  draw_method_id: idField,
  auth_code: sixDigitCode,
  ...ignoredT,
});
export type DrawInput = z.infer<typeof drawInput>;

export const drawListQuery = z.object({ type: optionalInt(drawTypeField), ...pageQuery.shape, ...ignoredT });

export const withdrawRecordSchema = z.object({
  id: z.number().int(),
  number: decimalString,
  fee: decimalString,
  real_number: decimalString,
  status: z.number().int(),
  status_name: z.string(),
  created_at: wireDateTime,
  type: z.number().int(),
  address: z.string(),
  payee_account: z.string(),
  notes: z.string(),
  /** Staff's reason on a rejection (or note on approval), shown to the user as deposits show theirs. */
  remark: z.string(),
  draw_currency: drawCurrencyRefSchema,
});
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;
export const withdrawPageSchema = pagedSchema(withdrawRecordSchema);
