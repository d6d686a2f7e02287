import { z } from 'zod';
import { boundedDecimalInput, decimalString, MAX_AMOUNT } from './money.js';
import { ignoredT, pageQuery } from './envelope.js';
import { idField, intField, intIn } from './form-fields.js';
import { MICRO_TYPE_UP, MICRO_TYPE_DOWN, MICRO_STATUS_RUNNING, MICRO_STATUS_CLOSED } from './micro-constants.js';

/**
 * Option (micro, "future") trading on the wire (spec sections 3, 4, 7; decisions.md): the seconds
 * options, submit, the paged order list and the private MICRO_SETTLED push. Money, prices and
 * ratios are decimal strings; the `...ST` fields are Unix milliseconds.
 */

export const microSecondsOptionSchema = z.object({
  Id: z.number().int(),
  Seconds: z.number().int(),
  /** A fraction: "0.85" pays 85 % of the stake on a win. */
  ProfitRatio: decimalString,
  /** The smallest stake this option takes. */
  LimitAmount: decimalString,
});
export type MicroSecondsOption = z.infer<typeof microSecondsOptionSchema>;

export const microNumberPresetSchema = z.object({ Number: decimalString });
export type MicroNumberPreset = z.infer<typeof microNumberPresetSchema>;

export const microSecondsSchema = z.object({
  seconds: z.array(microSecondsOptionSchema),
  number: z.array(microNumberPresetSchema),
});
export type MicroSeconds = z.infer<typeof microSecondsSchema>;

/**
 * The stake a user types: a plain decimal with at most 2 places (money of options has 2), at most
 * MAX_AMOUNT. Zero is let through so the answer can say "below the minimum" rather than "invalid".
 */
export const microAmountInput = boundedDecimalInput(2, MAX_AMOUNT);

export const microSubmitInput = z.object({
  forex_id: idField,
  type: intField.pipe(z.union([z.literal(MICRO_TYPE_UP), z.literal(MICRO_TYPE_DOWN)])),
  number: microAmountInput,
  seconds: intIn(1, 86_400),
});
export type MicroSubmitInput = z.infer<typeof microSubmitInput>;

export const microOrdersQuery = pageQuery.extend({
  status: intField.pipe(z.union([z.literal(MICRO_STATUS_RUNNING), z.literal(MICRO_STATUS_CLOSED)])),
  ...ignoredT,
});

export const microOrderSchema = z.object({
  Id: z.number().int(),
  Type: z.number().int(),
  /** The stake. */
  Number: decimalString,
  Seconds: z.number().int(),
  /** Time left until expiry, computed when answered; 0 once due. */
  RemainMilliSeconds: z.number().int(),
  /** The last stored tick at submission. */
  OpenPrice: decimalString,
  /** The first stored tick at or after expiry; null while running. */
  EndPrice: decimalString.nullable(),
  ProfitRatio: decimalString,
  /** Signed result: +profit, -loss, 0 tie; null while running. */
  FactProfits: decimalString.nullable(),
  Status: z.number().int(),
  CreatedAtST: z.number().int(),
  /** Expiry while running (when it is due); the settlement time once closed. */
  ExpireAtST: z.number().int(),
  CompleteAtST: z.number().int().nullable(),
  ForexTradeList: z.object({ Id: z.number().int(), ShowCode: z.string() }),
});
export type MicroOrder = z.infer<typeof microOrderSchema>;

export type MicroResult = 'win' | 'loss' | 'tie';

/** Private push after an option settles (topic MICRO_SETTLED, only to its owner). */
export interface MicroSettledPush {
  type: 'MICRO_SETTLED';
  id: number;
  result: MicroResult;
  FactProfits: string;
  OpenPrice: string;
  EndPrice: string;
  Type: number;
  Number: string;
  ShowCode: string;
}
