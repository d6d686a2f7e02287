import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { INPUT_ISSUE, text } from './form-fields.js';

/** A decimal amount on the wire: a string, never a binary float. Up to 18 fractional digits. */
export const decimalString = z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'decimal');

/**
 * The largest amount any money field takes (a deposit claim, a withdrawal, a transfer, a stake):
 * one billion, far beyond any real account, and far inside every NUMERIC column a product of it
 * reaches. Compared as a decimal, never as a float.
 */
export const MAX_AMOUNT = '1000000000';
/** The largest price (a pending price, a stop) and the most lots an order may name. */
export const MAX_PRICE = '1000000000';
export const MAX_LOTS = '1000000';

/** A form number or string, read as its text (a JSON number 10.5 is the string '10.5'). */
const numberText = z.union([text, z.number()]).transform((v) => String(v).trim());
/** Zod runs every check of a field, even after the format failed: compare only a well-formed decimal. */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const atMost = (max: string) => (v: string) => !PLAIN_DECIMAL.test(v) || new Decimal(v).lte(max);

/**
 * A non-negative decimal with at most `decimals` places and at most `max` (its own refusal,
 * `amount_too_large`, so the user learns the limit rather than "invalid").
 */
export const boundedDecimal = (decimals: number, max: string) =>
  text.regex(new RegExp(`^\\d{1,14}(\\.\\d{1,${decimals}})?$`), 'amount').refine(atMost(max), { message: INPUT_ISSUE.amountTooLarge, params: { max } });
/** boundedDecimal, typed as a string or a number. */
export const boundedDecimalInput = (decimals: number, max: string) => numberText.pipe(boundedDecimal(decimals, max));

/** A positive amount a user types (deposit, transfer...): accepted as string or number, returned as string. */
export const positiveAmountInput = boundedDecimalInput(8, MAX_AMOUNT).refine((v) => PLAIN_DECIMAL.test(v) && new Decimal(v).gt(0), 'amount');

/** Date-times on the wire: `YYYY-MM-DD HH:mm:ss` in UTC. */
export const wireDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
