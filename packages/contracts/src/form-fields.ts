import { z } from 'zod';

/**
 * The field schemas every endpoint input is built from, one per kind of field. Forms and query
 * strings send strings, JSON bodies send strings or numbers; each kind accepts exactly its own
 * shape and nothing a lenient parser would guess at (`0x10`, `true`, `[1]`, a NUL byte).
 */

/** Issue messages the server turns into their own localized refusals (http/error-handler.ts). */
export const INPUT_ISSUE = { controlCharacters: 'control_characters', amountTooLarge: 'amount_too_large' } as const;

/**
 * C0 controls, DEL and C1 controls, and the bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069). PostgreSQL refuses U+0000 in text outright (a 500 before this
 * check), none of the others belongs in a name, an address or a code, and a bidi override in a
 * text shown to another person (a reviewer's reason shown to the user) makes it read otherwise
 * than it is written. The plain marks LRM and RLM stay allowed: right-to-left writers type them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = z.regex(/^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/, INPUT_ISSUE.controlCharacters);
/** A multi-line field (a reason typed in a text area) may also hold tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE = z.regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/, INPUT_ISSUE.controlCharacters);

/**
 * Every string an endpoint reads starts from one of these two, so every string field refuses
 * control characters (contracts.test.ts walks every endpoint's input to keep it so). The check
 * comes first, before any trim: a NUL at the edge is refused, not trimmed away.
 */
export const text = z.string().check(SINGLE_LINE);
export const multiLineText = z.string().check(MULTI_LINE);

/** Whether a string schema carries the control-character check (for the schema walk in tests). */
export function refusesControlCharacters(schema: z.ZodString): boolean {
  const checks = schema.def.checks ?? [];
  return checks.includes(SINGLE_LINE) || checks.includes(MULTI_LINE);
}

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * An integer: a JSON integer, or decimal digits with an optional minus (forms, query strings,
 * path params). No hex, no exponent, no sign `+`, no spaces, no booleans or arrays. Bounded to
 * PostgreSQL's `integer`, so no value reaches a query the column cannot hold.
 */
export const intField = z
  .union([z.number().int(), text.regex(/^-?\d{1,10}$/).transform(Number)])
  .pipe(z.number().int().min(INT32_MIN).max(INT32_MAX));
/** An integer in [min, max]. */
export const intIn = (min: number, max: number) => intField.pipe(z.number().min(min).max(max));
/** A row id: a positive `integer`. */
export const idField = intIn(1, INT32_MAX);

/** Optional free text from a form: trimmed, empty means absent. */
export const optionalText = (max: number) =>
  text
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
export const requiredText = (max: number) => text.trim().min(1).max(max);
/** Like requiredText, for a text area: line breaks are kept. */
export const requiredMultiLineText = (max: number) => multiLineText.trim().min(1).max(max);
export const optionalMultiLineText = (max: number) =>
  multiLineText
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * An optional integer of a form or query: a blank value (`area_id=`, as the spec's clients send
 * it) means absent, like an empty text field. Anything else must be a proper integer.
 */
export const optionalInt = <T extends z.ZodType<number | undefined, unknown>>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

/** The fields of an object input (through a refine or a transform of it), or undefined for any other input. */
function inputShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return inputShape(schema.in as z.ZodType);
  return undefined;
}

/**
 * The optional fields of an input that would refuse a blank value: a form sends an empty field as
 * `name=` (`proofImg=` when repaying from the balance), which means "not given". Server and
 * clients drop such a blank before validating (blankAsAbsent), so every optional field reads a
 * blank as absent without each schema saying so, while a required field still refuses it (absent
 * or blank alike) and a field that gives '' a meaning of its own keeps it.
 */
export function blankOptionalKeys(schema: z.ZodType): readonly string[] {
  const shape = inputShape(schema);
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([, field]) => field.safeParse(undefined).success && !field.safeParse('').success)
    .map(([key]) => key);
}

/** The input without the blank values of these keys (blankOptionalKeys); other inputs pass as they are. */
export function blankAsAbsent(data: unknown, keys: readonly string[]): unknown {
  if (keys.length === 0 || typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  if (!keys.some((k) => record[k] === '')) return data;
  const copy = { ...record };
  for (const k of keys) if (copy[k] === '') delete copy[k];
  return copy;
}
