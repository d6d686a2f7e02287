import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from an endpoint's zod input schema (zod 4: walked through
 * `schema.def`). Two kinds per field: values close to valid (so that a request with one bad field
 * gets past the others and reaches deep), and bad values (wrong types, control characters, exotic
 * numbers, prototype keys, very long strings). The suite keeps only inputs the schema refuses.
 */

/** A number literal written into a JSON body as is (`1e400`, `-0`, 40 digits): JSON.stringify cannot. */
export class RawJsonNumber {
  constructor(readonly text: string) {}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- zod's internal definitions are walked by their `type`
type Def = any;

function defOf(schema: unknown): Def {
  return (schema as { def?: Def; _zod?: { def: Def } }).def ?? (schema as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): Def[] {
  return ((def.checks ?? []) as { _zod: { def: Def } }[]).map((c) => c._zod.def);
}

/** The object schema of an input (through optional, nullish, default, pipe and refinements), if any. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.shape as Record<string, z.ZodType>;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return objectShape(def.innerType);
    case 'pipe':
      return objectShape(def.in) ?? objectShape(def.out);
    default:
      return undefined;
  }
}

/** Values a field of this schema probably accepts; undefined when the schema gives no hint (a transform). */
export function validish(schema: z.ZodType): fc.Arbitrary<unknown> | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringValidish(def);
    case 'number':
      return numberValidish(def);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'unknown':
    case 'any':
      return fc.constantFrom('1', 1, '');
    case 'union':
      return oneOfDefined((def.options as z.ZodType[]).map(validish));
    case 'pipe':
      // The output side names the accepted values (literals, a pattern); the input side the shape.
      return oneOfDefined([validish(def.out), validish(def.in)]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return validish(def.innerType);
    case 'array': {
      const element = validish(def.element);
      return element ? fc.array(element, { maxLength: 2 }) : undefined;
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const parts: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) parts[key] = validish(field) ?? fc.constant('1');
      return fc.record(parts);
    }
    default:
      return undefined;
  }
}

function oneOfDefined(arbs: (fc.Arbitrary<unknown> | undefined)[]): fc.Arbitrary<unknown> | undefined {
  const defined = arbs.filter((a): a is fc.Arbitrary<unknown> => a !== undefined);
  if (defined.length === 0) return undefined;
  return defined.length === 1 ? defined[0] : fc.oneof(...defined);
}

function stringValidish(def: Def): fc.Arbitrary<unknown> {
  let min = 0;
  let max: number | undefined;
  const patterns: RegExp[] = [];
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = c.maximum;
    if (c.check === 'string_format' && c.pattern instanceof RegExp) patterns.push(c.pattern);
  }
  if (patterns.length > 0) {
    const pattern = patterns[0]!;
    return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace('g', '')), { maxLength: Math.min(max ?? 64, 64) });
  }
  return fc.string({ minLength: Math.min(min, 8), maxLength: Math.max(Math.min(min, 8), Math.min(max ?? 24, 24)) });
}

function numberValidish(def: Def): fc.Arbitrary<unknown> {
  let min = -1_000;
  let max = 100_000;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Math.max(min, c.inclusive ? c.value : c.value + 1);
    if (c.check === 'less_than') max = Math.min(max, c.inclusive ? c.value : c.value - 1);
  }
  // Small values hit the objects a fresh database holds (ids 1, 2, 3...).
  const small = fc.integer({ min, max: Math.min(max, min + 5) });
  const n = fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) });
  return def.coerce ? fc.oneof(n, n.map(String)) : n;
}

/** Text with NUL, other C0 controls, DEL, C1, bidi overrides and lone surrogates. */
const otherControlChar = fc.constantFrom('\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u200b', '\u202e', '\ufeff', '\ud800', '\udfff');
// NUL most often: PostgreSQL refuses it in text, the rest are refused by rule alone.
const controlChar = fc.oneof({ weight: 1, arbitrary: fc.constant('\u0000') }, { weight: 2, arbitrary: otherControlChar });
const controlText = fc
  .tuple(fc.string({ maxLength: 6 }), controlChar, fc.string({ maxLength: 6 }))
  .map(([a, c, b]) => a + c + b);

const exoticNumberText = fc.constantFrom(
  '0x10', '0x1', '0b1', '0o7', '+1', '1.', '.5', '1e3', '1E2', '-0', '00', '007', ' 1', '1 ', '1_000', '١', '１',
  'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true', 'false', '[]', '{}', '[1]',
  '1e308', '1e-400', '-1', '2147483648', '9007199254740993', '99999999999999999999',
  '1234567890123456789012345678901234567890', '0.1234567890123456789012345678901234567890',
  '999999999999.99999999', '-999999999999.99999999', '1,5', '1.2.3',
);
const exoticNumber = fc.constantFrom(1e308, -1e308, -0, -1, 0, 0.5, 1.5, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, 1e-7, 1e21);
const rawNumber = fc
  .constantFrom('1e400', '-1e400', '-0', '1.0', '1E2', '100000000000000000000000000001', '0.000000000000000000000000000001', '12345678901234567890.123456789')
  .map((t) => new RawJsonNumber(t));
const oddText = fc.constantFrom(
  '', ' ', '\u00a0', '%00', '%', '%zz', '../../etc/passwd', '..\\..\\boot.ini', "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'é', '😀', '\u0130', 'ǅ', 'a'.repeat(65),
);
const longText = fc.constantFrom(257, 1_025, 4_097, 70_000).chain((n) => fc.constantFrom('a'.repeat(n), '9'.repeat(n), '😀'.repeat(Math.ceil(n / 2)), `${'1'.repeat(n)}.5`));
export const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null), exoticNumberText);
/** An object whose keys may be prototype keys (own properties, so they reach the wire). */
const oddObject = fc
  .array(fc.tuple(fc.oneof(prototypeKey, fc.string({ maxLength: 6 })), fc.oneof(leaf, fc.dictionary(prototypeKey, leaf, { maxKeys: 1 }))), { maxLength: 3 })
  .map((entries) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  });

/** A bad value for any field. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: controlText },
  { weight: 3, arbitrary: exoticNumberText },
  { weight: 2, arbitrary: exoticNumber },
  { weight: 1, arbitrary: rawNumber },
  { weight: 2, arbitrary: oddText },
  { weight: 1, arbitrary: longText },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.array(leaf, { maxLength: 3 }) },
  { weight: 2, arbitrary: oddObject },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

/** Keys that are not in any schema: prototype keys, look-alikes, junk. */
const extraKey = fc.oneof(prototypeKey, fc.constantFrom('id ', 'ID', 'id[]', 'id[0]', 'a.b', '', ' ', '\u0000', 'user_id', 'is_admin', 'status'), fc.string({ maxLength: 10 }));

const ABSENT = Symbol('absent');

/**
 * A body or query for an input object: each field absent, close to valid, or bad, and sometimes
 * extra keys; now and then a whole body that is not an object at all.
 */
export function inputArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const shape = objectShape(schema) ?? {};
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(shape)) {
    const near = validish(field) ?? fc.constant('1');
    // A valid-looking text with one control character slipped in: the attacker's NUL in a search.
    const tainted = fc.tuple(near, controlChar, fc.nat()).map(([v, c, at]) => (typeof v === 'string' ? v.slice(0, at % (v.length + 1)) + c + v.slice(at % (v.length + 1)) : v));
    fields[key] = fc.oneof(
      { weight: 6, arbitrary: near },
      { weight: 2, arbitrary: tainted },
      { weight: 3, arbitrary: badValue },
      { weight: 1, arbitrary: fc.constant(ABSENT) },
    );
  }
  const record = fc.record(fields).chain((values) =>
    fc.array(fc.tuple(extraKey, fc.oneof(badValue, leaf)), { maxLength: 2 }).map((extras) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(values)) if (v !== ABSENT) o[k] = v;
      for (const [k, v] of extras) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    }),
  );
  return fc.oneof({ weight: 12, arbitrary: record }, { weight: 1, arbitrary: badValue });
}

/** A JSON text, with raw number literals written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJsonNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.keys(value).map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function formText(value: unknown): string {
  if (value instanceof RawJsonNumber) return value.text;
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return toJsonText(value);
  return String(value);
}

/**
 * Form (and query) pairs of a body: an array repeats its key, a nested object becomes `k[sub]`
 * keys. A body that is not an object becomes one bare pair.
 */
export function toFormPairs(value: unknown): [string, string][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJsonNumber) return [[formText(value), '']];
  const pairs: [string, string][] = [];
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (Array.isArray(v)) for (const el of v) pairs.push([key, formText(el)]);
    else if (v !== null && typeof v === 'object' && !(v instanceof RawJsonNumber)) for (const sub of Object.keys(v)) pairs.push([`${key}[${sub}]`, formText((v as Record<string, unknown>)[sub])]);
    else pairs.push([key, formText(v)]);
  }
  return pairs;
}

/** The encoded form or query text of pairs. */
export function formTextOf(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

/** What the server reads from a form or query text (fast-querystring): strings, a repeated key an array, no prototype. */
export function formView(text: string): Record<string, string | string[]> {
  const o = Object.create(null) as Record<string, string | string[]>;
  for (const [k, v] of new URLSearchParams(text)) {
    const prev = o[k];
    o[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return o;
}
