import { z } from 'zod';
import { boundedDecimalInput, decimalString, MAX_AMOUNT, positiveAmountInput, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, intField, intIn, requiredText, text } from './form-fields.js';
import { uploadUrlInput } from './uploads.js';
import { flagField } from './admin-config.js';
import { adminUserRefSchema } from './admin-review.js';
import { REPAY_FROM_BALANCE } from './loans-constants.js';

/** Loans (spec: Loan KYC, Loan config, Loan record; decisions.md "Loans"). */

/** yyyy/mm/dd or yyyy-mm-dd, a real calendar date; bounds (1950-01-01 to today) are the server's. */
export const birthdayField = text
  .trim()
  .regex(/^\d{4}[/-]\d{2}[/-]\d{2}$/, 'date')
  .transform((v) => v.replace(/\//g, '-'))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'date');

export const loanKycInput = z.object({
  /** Last name (the spec's field names are kept: `name` is the last, `last_name` the first name). */
  name: requiredText(100),
  last_name: requiredText(100),
  sex: intIn(1, 2),
  birthday: birthdayField,
  country: requiredText(100),
  /** Area code and number, e.g. `+44-7700900123`. */
  mobile: text.trim().regex(/^\+?\d{1,4}-\d{4,15}$/, 'mobile'),
  id_card_type: intIn(1, 3),
  hand_pic: uploadUrlInput,
  signature: uploadUrlInput,
  ...ignoredT,
});
export type LoanKycInput = z.infer<typeof loanKycInput>;

export const loanKycSchema = z.object({
  status: z.number().int(),
  remark: z.string(),
  name: z.string(),
  last_name: z.string(),
  sex: z.number().int().nullable(),
  birthday: z.string(),
  country: z.string(),
  mobile: z.string(),
  id_card_type: z.number().int().nullable(),
  hand_pic: z.string(),
  signature: z.string(),
});
export type LoanKyc = z.infer<typeof loanKycSchema>;

export const loanConfigSchema = z.object({
  id: z.number().int(),
  loan_period: z.number().int(),
  min_amount: decimalString,
  max_amount: decimalString,
  /** Daily, a fraction ('0.001' is 0.1 % a day). */
  interest_rate: decimalString,
  free_period: z.number().int(),
  penalty_rate: decimalString,
});
export type LoanConfig = z.infer<typeof loanConfigSchema>;

export const loanConfigInfoQuery = z.object({ id: idField, amount: positiveAmountInput.optional(), ...ignoredT });
/** A term with its agreement rendered for the amount (today's dates), exactly as `loan_submit` will store it. */
export const loanConfigInfoSchema = loanConfigSchema.extend({
  agreement_version: z.string(),
  agreement: z.string(),
  interest_amount: decimalString.nullable(),
  due_date: wireDateTime,
});
export type LoanConfigInfo = z.infer<typeof loanConfigInfoSchema>;

export const loanSubmitInput = z.object({
  amount: positiveAmountInput,
  config_id: idField,
  /** The drawn signature: an upload url of this user. */
  sign: uploadUrlInput,
  /** The agreement version shown when signing. */
  agreement: text.trim().min(1).max(20),
  ...ignoredT,
});
export type LoanSubmitInput = z.infer<typeof loanSubmitInput>;

export const getDateQuery = z.object({ id: idField.optional(), ...ignoredT });
export const getDateSchema = z.object({ date: wireDateTime, due_date: wireDateTime.nullable() });

export const loanRecordSchema = z.object({
  id: z.number().int(),
  created_at: wireDateTime,
  amount: decimalString,
  loan_period: z.number().int(),
  free_period: z.number().int(),
  interest_amount: decimalString,
  interest_rate: decimalString,
  penalty_rate: decimalString,
  penalty_amount: decimalString,
  /** Principal + interest + penalty accrued so far. */
  amount_due: decimalString,
  reviewed_at: wireDateTime.nullable(),
  /** The due date (set at approval). */
  repayment_time: wireDateTime.nullable(),
  repaid_at: wireDateTime.nullable(),
  status: z.number().int(),
  remark: z.string(),
  /** The agreement text as signed. */
  agreement: z.string(),
  agreement_hash: z.string(),
  sign: z.string(),
  signed_at: wireDateTime,
});
export type LoanRecord = z.infer<typeof loanRecordSchema>;
export const loanPageSchema = pagedSchema(loanRecordSchema);
export const loanListQuery = z.object({ ...pageQuery.shape, ...ignoredT });
export const loanIdQuery = z.object({ id: idField, ...ignoredT });
export const loanIdParams = z.object({ id: idField });
export const repaymentInfoQuery = z.object({ loan_id: idField, ...ignoredT });

export const repaymentInfoSchema = z.object({
  loan_id: z.number().int(),
  status: z.number().int(),
  amount: decimalString,
  interest_amount: decimalString,
  penalty_amount: decimalString,
  amount_due: decimalString,
  repayment_time: wireDateTime.nullable(),
  /** Available on the funding account (repaying from the balance). */
  balance: decimalString,
});
export type RepaymentInfo = z.infer<typeof repaymentInfoSchema>;

export const repaymentAccountSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  currency: z.string(),
});
export type RepaymentAccount = z.infer<typeof repaymentAccountSchema>;

/** `charge_id` 0 pays from the funding balance (no proof); otherwise a collection account with `proofImg`. */
export const repaymentInput = z
  .object({
    charge_id: intIn(0, 2_147_483_647),
    loan_id: idField,
    proofImg: uploadUrlInput.optional(),
    ...ignoredT,
  })
  .refine((v) => v.charge_id === REPAY_FROM_BALANCE || v.proofImg !== undefined, { message: 'proof', path: ['proofImg'] });
export type RepaymentInput = z.infer<typeof repaymentInput>;

// ---- admin ----

const rate = boundedDecimalInput(8, '0.99999999');
const money2 = boundedDecimalInput(2, MAX_AMOUNT);
export const loanConfigCreateInput = z
  .object({
    loan_period: intIn(1, 3650),
    min_amount: money2,
    max_amount: money2,
    interest_rate: rate,
    free_period: intIn(0, 3650),
    penalty_rate: rate,
    enabled: flagField.optional(),
    sort: intField.optional(),
  })
  .refine((v) => Number(v.min_amount) > 0 && Number(v.max_amount) >= Number(v.min_amount), { message: 'bounds', path: ['max_amount'] });
export const loanConfigUpdateInput = z.object({
  loan_period: intIn(1, 3650).optional(),
  min_amount: money2.optional(),
  max_amount: money2.optional(),
  interest_rate: rate.optional(),
  free_period: intIn(0, 3650).optional(),
  penalty_rate: rate.optional(),
  enabled: flagField.optional(),
  sort: intField.optional(),
});
export const adminLoanConfigSchema = loanConfigSchema.extend({ enabled: z.boolean(), sort: z.number().int() });
export type AdminLoanConfig = z.infer<typeof adminLoanConfigSchema>;

export const adminLoanQueueQuery = z.object({ status: z.union([z.literal('').transform(() => undefined), intIn(0, 5)]).optional(), ...pageQuery.shape, ...ignoredT });

export const adminLoanKycSchema = loanKycSchema.extend({
  id: z.number().int(),
  user: adminUserRefSchema,
  created_at: wireDateTime,
  reviewed_at: wireDateTime.nullable(),
});
export type AdminLoanKyc = z.infer<typeof adminLoanKycSchema>;
export const adminLoanKycPageSchema = pagedSchema(adminLoanKycSchema);

export const adminLoanSchema = loanRecordSchema.extend({
  user: adminUserRefSchema,
  agreement_language: z.string(),
  signed_ip: z.string(),
  signed_user_agent: z.string(),
  /** The signed agreement as a PDF (admin token). */
  pdf_url: z.string(),
  /** Repayment: 0 the funding balance, else the collection account; null before any. */
  repay_channel: z.string().nullable(),
  /** The collection account of a bank repayment as staff know it (bank and account number); null otherwise. */
  repay_channel_name: z.string().nullable(),
  repay_proof: z.string(),
  repay_amount: decimalString.nullable(),
  repay_submitted_at: wireDateTime.nullable(),
});
export type AdminLoan = z.infer<typeof adminLoanSchema>;
export const adminLoanPageSchema = pagedSchema(adminLoanSchema);
