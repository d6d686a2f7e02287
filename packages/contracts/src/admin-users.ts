import { z } from 'zod';
import { decimalString, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, intIn, optionalInt, optionalText } from './form-fields.js';

/** The users area of the admin console (/admin/api/users...): staff read a user and may stop their login. */

export const adminUserParams = z.object({ id: idField });

/**
 * User search: `q` is an e-mail substring, an exact uid or an exact invite code (whichever
 * matches); `demo` 1 lists demo accounts only, 0 real ones only, absent both.
 */
export const adminUserSearchQuery = z.object({
  q: optionalText(120),
  demo: optionalInt(intIn(0, 1)),
  ...pageQuery.shape,
  ...ignoredT,
});

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  invite_code: z.string(),
  is_demo: z.boolean(),
  is_trader: z.boolean(),
  /** A sample trader the platform trades on the simulated market. */
  is_sample: z.boolean(),
  /** 1 active, 0 login disabled. */
  status: z.number().int(),
  created_at: wireDateTime,
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserPageSchema = pagedSchema(adminUserRowSchema);

export const adminUserAccountSchema = z.object({
  /** ACCOUNT_TYPES id: 1 funding, 2 options, 3 contract. */
  account_type_id: z.number().int(),
  currency: z.string(),
  available: decimalString,
  locked: decimalString,
});

export const adminUserDetailSchema = adminUserRowSchema.extend({
  inviter: z.object({ id: z.number().int(), uid: z.string(), email: z.string().nullable() }).nullable(),
  accounts: z.array(adminUserAccountSchema),
  counts: z.object({
    forex_orders: z.number().int(),
    options: z.number().int(),
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    live_sessions: z.number().int(),
    invitees: z.number().int(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** The statement may be asked for in pages of up to 1000 rows, so the console can export all of it. */
export const STATEMENT_MAX_PER_PAGE = 1000;
export const adminStatementQuery = z.object({
  per_page: intIn(1, STATEMENT_MAX_PER_PAGE).default(50),
  ...pageQuery.shape,
  ...ignoredT,
});

/** One ledger posting on one of the user's accounts, with that account bucket's balance right after it. */
export const adminStatementRowSchema = z.object({
  posting_id: z.string(),
  transaction_id: z.string(),
  kind: z.string(),
  memo: z.string(),
  reference: z.string().nullable(),
  account_type_id: z.number().int(),
  /** `available` or `held` (the locked part). */
  bucket: z.string(),
  amount: decimalString,
  balance_after: decimalString,
  created_at: wireDateTime,
});
export type AdminStatementRow = z.infer<typeof adminStatementRowSchema>;
export const adminStatementPageSchema = pagedSchema(adminStatementRowSchema);

export const adminUserListQuery = z.object({ ...pageQuery.shape, ...ignoredT });

export const adminUserForexOrderSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  /** 1 buy, 2 sell. */
  order_type: z.number().int(),
  /** 0 pending, 1 holding, 2 closing, 3 closed, 4 cancelled. */
  status: z.number().int(),
  close_type: z.number().int().nullable(),
  is_demo: z.boolean(),
  quantity: decimalString,
  price: decimalString,
  update_price: decimalString.nullable(),
  fact_profits: decimalString.nullable(),
  caution_money: decimalString,
  trade_fee: decimalString,
  multiple: z.number().int(),
  created_at: wireDateTime,
  closed_at: wireDateTime.nullable(),
});
export const adminUserForexOrderPageSchema = pagedSchema(adminUserForexOrderSchema);

export const adminUserOptionSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  /** 1 up, 2 down. */
  type: z.number().int(),
  amount: decimalString,
  seconds: z.number().int(),
  profit_ratio: decimalString,
  open_price: decimalString,
  end_price: decimalString.nullable(),
  fact_profits: decimalString.nullable(),
  /** 1 running, 3 closed. */
  status: z.number().int(),
  created_at: wireDateTime,
  complete_at: wireDateTime.nullable(),
});
export const adminUserOptionPageSchema = pagedSchema(adminUserOptionSchema);

export const adminUserDepositSchema = z.object({
  id: z.number().int(),
  /** 0 coin, 1 bank. */
  type: z.number().int(),
  number: decimalString,
  currency_code: z.string(),
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
  status: z.number().int(),
  remark: z.string(),
  created_at: wireDateTime,
  reviewed_at: wireDateTime.nullable(),
});
export const adminUserDepositPageSchema = pagedSchema(adminUserDepositSchema);

export const adminUserWithdrawalSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  number: decimalString,
  fee: decimalString,
  real_number: decimalString,
  /** 0 pending, 1 paid, 2 rejected. */
  status: z.number().int(),
  remark: z.string(),
  created_at: wireDateTime,
  reviewed_at: wireDateTime.nullable(),
});
export const adminUserWithdrawalPageSchema = pagedSchema(adminUserWithdrawalSchema);

/** A login session of the user; the token's hash never leaves the server. */
export const adminUserSessionSchema = z.object({
  id: z.number().int(),
  created_at: wireDateTime,
  last_used_at: wireDateTime.nullable(),
  revoked_at: wireDateTime.nullable(),
});
export const adminUserSessionPageSchema = pagedSchema(adminUserSessionSchema);

/** What a disable, enable or end-sessions action did. */
export const adminUserActionSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  sessions_revoked: z.number().int(),
});
