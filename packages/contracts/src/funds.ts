import { z } from 'zod';
import { decimalString, positiveAmountInput, boundedDecimalInput, MAX_AMOUNT, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, intIn, optionalInt, optionalMultiLineText, requiredText } from './form-fields.js';
import { flagField, imageRefField } from './admin-config.js';
import { adminUserRefSchema } from './admin-review.js';

/** Mining funds (spec 3, 4, 9; decisions.md "Mining funds"): fixed-term subscriptions paying a daily income. */

/** A fund as the user sees it (spec 3 "Fund (mining product)"). */
export const fundSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  currency_code: z.string(),
  /** Percent of the amount paid each day. */
  dividend_percentage: decimalString,
  staring_sub_amount: decimalString,
  max_sub_amount: decimalString,
  lock_dividend_days: z.number().int(),
  /** Percent of the amount kept by the house on early redemption. */
  liquidated_damages: decimalString,
  desc: z.string(),
});
export type Fund = z.infer<typeof fundSchema>;
export const fundPageSchema = pagedSchema(fundSchema);

/** A subscription (spec 3 "Fund subscription"); `get_fund` is the fund it bought. */
export const fundSubscriptionSchema = z.object({
  id: z.number().int(),
  fund_id: z.number().int(),
  get_fund: fundSchema,
  status: z.number().int(),
  share_amount: decimalString,
  sub_time: wireDateTime,
  /** Income per day, 4 decimals. */
  day_profit: decimalString,
  /** Incomes paid so far. */
  sum_profit: decimalString,
  /** Incomes paid so far, of lock_dividend_days. */
  paid_days: z.number().int(),
  /** When the hold is released (sub_time + lock_dividend_days x 24 h). */
  end_time: wireDateTime,
  /** What early redemption would keep (share_amount x liquidated_damages / 100). */
  penalty: decimalString,
});
export type FundSubscription = z.infer<typeof fundSubscriptionSchema>;
export const fundSubscriptionPageSchema = pagedSchema(fundSubscriptionSchema);

/** One daily income (spec 3 "Income item"). */
export const fundIncomeSchema = z.object({ id: z.number().int(), day: z.number().int(), interest: decimalString, created_at: wireDateTime });
export type FundIncome = z.infer<typeof fundIncomeSchema>;
export const fundIncomePageSchema = pagedSchema(fundIncomeSchema);

export const fundListQuery = z.object({ ...pageQuery.shape, ...ignoredT });
export const fundInfoQuery = z.object({ id: idField, ...ignoredT });
export const fundBuyInput = z.object({ id: idField, amount: positiveAmountInput, ...ignoredT });
export const fundSubListQuery = z.object({ ...pageQuery.shape, status: optionalInt(intIn(1, 4)), ...ignoredT });
export const fundIncomeListQuery = z.object({ sub_id: idField, ...pageQuery.shape, ...ignoredT });
export const fundApplyRefundInput = z.object({ sub_id: idField, ...ignoredT });

// ---------------------------------------------------------------------------------------------
// Admin console: funds (configuration, admin role) and the early redemption queue (reviewers).

const percentField = boundedDecimalInput(4, '100');
const amountField = boundedDecimalInput(8, MAX_AMOUNT);

export const fundCreateInput = z
  .object({
    title: requiredText(100),
    image: imageRefField,
    dividend_percentage: percentField,
    staring_sub_amount: amountField,
    max_sub_amount: amountField,
    lock_dividend_days: intIn(1, 3650),
    liquidated_damages: percentField,
    desc: optionalMultiLineText(2000),
    sort: optionalInt(intIn(0, 100000)),
    enabled: flagField.optional(),
  });
export const fundUpdateInput = fundCreateInput.partial();
export type FundCreateInput = z.infer<typeof fundCreateInput>;
export type FundUpdateInput = z.infer<typeof fundUpdateInput>;

export const adminFundSchema = fundSchema.extend({ sort: z.number().int(), enabled: z.boolean(), created_at: wireDateTime, updated_at: wireDateTime });
export type AdminFund = z.infer<typeof adminFundSchema>;

/** A subscription in the early redemption queue: who, which fund, and what approval moves. */
export const adminFundRefundSchema = z.object({
  id: z.number().int(),
  user: adminUserRefSchema,
  fund_title: z.string(),
  status: z.number().int(),
  share_amount: decimalString,
  sum_profit: decimalString,
  paid_days: z.number().int(),
  lock_dividend_days: z.number().int(),
  liquidated_damages: decimalString,
  penalty: decimalString,
  refund: decimalString,
  sub_time: wireDateTime,
  refund_applied_at: wireDateTime.nullable(),
  reviewed_at: wireDateTime.nullable(),
  reviewed_by: z.number().int().nullable(),
  remark: z.string(),
});
export type AdminFundRefund = z.infer<typeof adminFundRefundSchema>;
export const adminFundRefundPageSchema = pagedSchema(adminFundRefundSchema);
/** Queue filter: the subscription status (2 waiting, 3 refunded; rejections are back in 1). */
export const adminFundRefundQuery = z.object({ status: optionalInt(intIn(1, 4)), ...pageQuery.shape, ...ignoredT });
