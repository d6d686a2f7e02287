import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './endpoints/index.js';
import { idField, intField, INPUT_ISSUE, multiLineText, refusesControlCharacters, text } from './form-fields.js';
import { MAX_AMOUNT, positiveAmountInput } from './money.js';
import { forexSubmitInput, lotsInput } from './forex.js';
import { microAmountInput } from './micro.js';
import { abbreviatedKlineQuery, klineQuery } from './market.js';
import { klinePeriodName, KLINE_PERIODS } from './market-constants.js';
import { klinePayloadSchema } from './events.js';

/** Every string schema reachable from `schema` that does not refuse control characters, by path. */
function looseStrings(schema: z.ZodType, path: string): string[] {
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  const walk = (s: unknown, p: string) => looseStrings(s as z.ZodType, p);
  switch (def.type) {
    case 'string':
      return refusesControlCharacters(schema as z.ZodString) ? [] : [path];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => walk(v, `${path}.${k}`));
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o, i) => walk(o, `${path}|${i}`));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((o, i) => walk(o, `${path}[${i}]`));
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'lazy':
      return walk((def.getter as () => z.ZodType)(), path);
    case 'number':
    case 'int':
    case 'boolean':
    case 'literal':
    case 'enum':
    case 'null':
    case 'undefined':
    case 'unknown':
    case 'any':
    case 'transform':
      return [];
    default:
      // A kind this walk does not know could hide a string: name it rather than pass it.
      return [`${path} (unknown kind ${def.type})`];
  }
}

describe('strict input: every text field of every endpoint refuses control characters', () => {
  it('no endpoint input or path param holds a string schema that lets a control character through', () => {
    const loose = allEndpoints().flatMap((e) => [
      ...(e.input ? looseStrings(e.input, `${e.path} input`) : []),
      ...(e.params ? looseStrings(e.params, `${e.path} params`) : []),
    ]);
    expect(loose).toEqual([]);
  });

  it('the walk bites: a plain z.string() is found', () => {
    expect(looseStrings(z.object({ a: text, b: z.object({ c: z.string().optional() }) }), 'x')).toEqual(['x.b.c']);
  });

  it.each(['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\t', '\n', '\r'])('a single-line field refuses %j, first thing, with its own message', (c) => {
    const r = text.trim().max(100).safeParse(`ab${c}cd`);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(INPUT_ISSUE.controlCharacters);
    // Not trimmed away at the edge either.
    expect(text.trim().safeParse(`abc${c}`).success).toBe(false);
  });

  it('a multi-line field keeps tab and line breaks but refuses the rest', () => {
    expect(multiLineText.safeParse('line one\r\nline\ttwo').success).toBe(true);
    expect(multiLineText.safeParse('nul\u0000').success).toBe(false);
    // A bidi override would make a reason shown to the user read otherwise than it was written.
    expect(multiLineText.safeParse('refused \u202egnorw').success).toBe(false);
    expect(multiLineText.safeParse('isolate \u2066x\u2069').success).toBe(false);
    expect(text.safeParse('\u202eabc').success).toBe(false);
    // Plain direction marks are what right-to-left writers type.
    expect(text.safeParse('\u0645\u062d\u0645\u062f\u200f 42').success).toBe(true);
    expect(text.safeParse('Ünïcödé 名前 ✓').success).toBe(true);
  });
});

describe('strict input: integers are decimal digits or JSON integers', () => {
  it.each([['16', 16], [16, 16], ['-3', -3], ['007', 7], [2_147_483_647, 2_147_483_647]])('%j is %i', (v, out) => {
    expect(intField.parse(v)).toBe(out);
  });
  it.each(['0x10', true, false, [1], '+1', '1.', ' 1', '1 ', '1e3', '', '1.5', 1.5, null, {}, '2147483648', 2 ** 53, 'Infinity', '١٢'])('%j is refused', (v) => {
    expect(intField.safeParse(v).success).toBe(false);
  });
  it('ids are positive', () => {
    expect(idField.safeParse('0').success).toBe(false);
    expect(idField.safeParse('-1').success).toBe(false);
    expect(idField.parse('1')).toBe(1);
  });
  it('a symbol is not opened by a hex id', () => {
    expect(forexSubmitInput.safeParse({ type: 1, cont: '1', forex_id: '0x10' }).success).toBe(false);
    expect(forexSubmitInput.parse({ type: 1, cont: '1', forex_id: '16' }).forex_id).toBe(16);
  });
});

describe('strict input: amounts have an upper bound', () => {
  it('a deposit claim beyond MAX_AMOUNT is refused with its own message', () => {
    const r = positiveAmountInput.safeParse('999999999999.99999999');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(INPUT_ISSUE.amountTooLarge);
    expect(positiveAmountInput.parse(MAX_AMOUNT)).toBe(MAX_AMOUNT);
    expect(positiveAmountInput.safeParse('1000000000.00000001').success).toBe(false);
  });
  it('stakes, lots and prices are bounded too', () => {
    expect(microAmountInput.safeParse('1000000000.01').success).toBe(false);
    expect(microAmountInput.parse('0')).toBe('0');
    expect(lotsInput.safeParse('1000001').success).toBe(false);
    expect(forexSubmitInput.safeParse({ type: 1, cont: '1', forex_id: 1, stop_loss_price: '99999999999999' }).success).toBe(false);
    expect(forexSubmitInput.parse({ type: 1, cont: 0.5, forex_id: 1, stop_loss_price: '' }).stop_loss_price).toBe('0');
  });
});

describe('kline periods by name (decisions.md)', () => {
  it.each([['1min', 1], ['5min', 5], ['15min', 15], ['30min', 30], ['60min', 60], ['1day', 1440], ['5', 5], [1440, 1440]])('%j is %i minutes', (v, minutes) => {
    expect(klineQuery.parse({ forex_id: '1', period: v }).period).toBe(minutes);
  });
  it.each(['2min', '1d', '1MIN', 7, '0x5', '', 'hour'])('%j is refused', (v) => {
    expect(klineQuery.safeParse({ forex_id: '1', period: v }).success).toBe(false);
  });
  it('the abbreviated series takes a period too, 15 minutes by default', () => {
    expect(abbreviatedKlineQuery.parse({}).period).toBe(15);
    expect(abbreviatedKlineQuery.parse({ period: '1day' }).period).toBe(1440);
  });
  it('KLINE pushes carry the name', () => {
    expect(KLINE_PERIODS.map(klinePeriodName)).toEqual(['1min', '5min', '15min', '30min', '60min', '1day']);
    const push = { Period: '5min', Open: '1', High: '1', Low: '1', Close: '1', Volume: '0', Time: 1 };
    expect(klinePayloadSchema.parse(push)).toEqual(push);
    expect(klinePayloadSchema.safeParse({ ...push, Period: 5 }).success).toBe(false);
  });
});
