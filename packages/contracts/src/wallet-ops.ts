import { z } from 'zod';
import { decimalString, positiveAmountInput, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { email } from './users.js';

/**
 * The wallet on the wire (spec sections 3, 5, 7 'Wallet and funds'; decisions.md): uploads,
 * account history, deposits (coin and bank), withdrawals and their bound methods, transfers
 * between a user's own accounts, and the admin review queues. Money is a decimal string.
 */

/** Query or form integer (forms and query strings send strings). */
const intField = z.coerce.number().int();
const idField = intField.min(1).max(2_147_483_647);
/** Optional free text from a form: trimmed, empty means absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const requiredText = (max: number) => z.string().trim().min(1).max(max);

// ---------------------------------------------------------------------------------------------
// Uploads

/** Upload ceiling when UPLOAD_MAX_BYTES is unset. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Image types accepted, recognised by content (magic bytes), never by name or declared type. */
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];
/** Where uploads are served: `/uploads/<name>`; name = 32 hex chars and the sniffed extension. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/([0-9a-f]{32}\.(?:png|jpg|webp))$/;

export const uploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** A `proofImg`: the url answered by image_upload (an absolute url of this server is accepted too). */
export const uploadUrlInput = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .transform((v) => v.replace(/^https?:\/\/[^/]+/, ''))
  .pipe(z.string().regex(UPLOAD_URL_PATTERN, 'upload url'));

// ---------------------------------------------------------------------------------------------
// Account history (GET /v2/api/main/accountLog/forexChange)

/**
 * History item Type: which kind of ledger transaction it was. 10 is a free-text entry (an admin
 * adjustment): clients show Memo for it and MemoTran (localized) for the others (spec 3).
 */
export const ACCOUNT_LOG_TYPES = {
  deposit: 1,
  withdrawal: 2,
  withdrawal_paid: 3,
  withdrawal_released: 4,
  transfer_out: 5,
  transfer_in: 6,
  demo_funding: 7,
  demo_reset: 8,
  other: 9,
  memo: 10,
} as const;

export const accountLogQuery = z.object({
  /** The account (1 funding, 2 options, 3 contract); `type` is accepted as the same. */
  accountTypeId: intField.pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])).optional(),
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
  CreatedAtTran: wireDateTime,
});
export type AccountLogItem = z.infer<typeof accountLogItemSchema>;

export const accountLogPageSchema = pagedSchema(accountLogItemSchema).extend({
  accountTypeId: z.number().int(),
  available: decimalString,
  frozen: decimalString,
});
export type AccountLogPage = z.infer<typeof accountLogPageSchema>;

// ---------------------------------------------------------------------------------------------
// Deposits (quickCharge)

export const CHARGE_TYPES = { coin: 0, bank: 1 } as const;
/** Deposit record status (spec 4): 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
export const CHARGE_STATUS = { unchecked: 0, finished: 1, rejected: 2, invalid: 3 } as const;

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
  type: intField.pipe(z.union([z.literal(0), z.literal(1)])).optional(),
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

// ---------------------------------------------------------------------------------------------
// Withdrawals

/** Withdraw currency / method type: 1 crypto (coin address), 2 bank. */
export const DRAW_TYPES = { coin: 1, bank: 2 } as const;
const drawTypeField = intField.pipe(z.union([z.literal(1), z.literal(2)]));
/** Withdrawal status: 0 pending review, 1 paid, 2 rejected (hold released). */
export const WITHDRAWAL_STATUS = { pending: 0, paid: 1, rejected: 2 } as const;
/** fee_type 1: draw_rate is a fixed fee; anything else: draw_rate is a rate on the amount. */
export const FEE_TYPE_FIXED = 1;

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
});
export type DrawMethod = z.infer<typeof drawMethodSchema>;

export const getDrawMethodQuery = z.object({ draw_type: drawTypeField, draw_id: idField.optional(), ...ignoredT });
export const getDrawMethodSchema = z.object({ list: z.array(drawMethodSchema), drawCurrency: drawCurrencySchema.nullable() });

/**
 * Bind a withdrawal method. Coin (type 1): dc_address. Bank (type 2): payee_account,
 * payee_name and bank_name; the rest optional. `draw_type` is accepted for `type`.
 */
export const bindDrawMethodInput = z
  .object({
    type: drawTypeField.optional(),
    draw_type: drawTypeField.optional(),
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

export const drawInput = z.object({
  draw_currency_id: idField,
  number: positiveAmountInput,
  memo: optionalText(200),
  draw_method_id: idField,
  ...ignoredT,
});
export type DrawInput = z.infer<typeof drawInput>;

export const drawListQuery = z.object({ type: drawTypeField.optional(), ...pageQuery.shape, ...ignoredT });

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
  draw_currency: drawCurrencyRefSchema,
});
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;
export const withdrawPageSchema = pagedSchema(withdrawRecordSchema);

// ---------------------------------------------------------------------------------------------
// Transfers between a user's own accounts

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
export const transferLogQuery = z.object({ type: accountTypeField.optional(), ...pageQuery.shape, ...ignoredT });

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

// ---------------------------------------------------------------------------------------------
// Admin review API (/admin/api)

export const adminLoginInput = z.object({ email, password: z.string().min(1).max(128) });
export const adminSessionSchema = z.object({ token: z.string(), admin: z.object({ id: z.number().int(), email: z.string() }) });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminQueueQuery = z.object({
  status: intField.min(0).max(3).optional(),
  ...pageQuery.shape,
  ...ignoredT,
});
export const adminItemParams = z.object({ id: idField });
/** Approval may carry a note; the body may be absent. */
export const adminApproveInput = z.object({ reason: optionalText(500) }).nullish();
/** A rejection says why; the reason is shown to the user as the record's remark. */
export const adminRejectInput = z.object({ reason: requiredText(500) });

export const adminUserRefSchema = z.object({ id: z.number().int(), uid: z.string(), email: z.string().nullable() });

export const adminDepositSchema = chargeRecordSchema.extend({
  user: adminUserRefSchema,
  channel: z.string(),
  reviewed_at: wireDateTime.nullable(),
  reviewed_by: z.number().int().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositPageSchema = pagedSchema(adminDepositSchema);

export const adminWithdrawalSchema = withdrawRecordSchema.extend({
  user: adminUserRefSchema,
  method: drawMethodSchema,
  remark: z.string(),
  reviewed_at: wireDateTime.nullable(),
  reviewed_by: z.number().int().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = pagedSchema(adminWithdrawalSchema);

export const adminDecisionSchema = z.object({ id: z.number().int(), status: z.number().int() });
