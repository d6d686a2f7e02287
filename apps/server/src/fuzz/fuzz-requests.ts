import fc from 'fast-check';
import type { z } from 'zod';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { FILE_OUTPUT, blankAsAbsent, blankOptionalKeys, type EndpointSpec, type HttpMethod } from '@tp/contracts';
import { RawJsonNumber, badValue, formTextOf, formView, inputArbitrary, objectShape, toFormPairs, toJsonText, validish } from './zod-arbitraries.js';

/** One generated attempt at an endpoint: path params, a body or query, and the headers around it. */
export interface Attempt {
  params: Record<string, unknown>;
  input: unknown;
  lang: string | undefined;
  idempotencyKey: string | undefined;
  /** A body the parser itself must refuse, sent instead of the input on POST (index into malformedBodies). */
  malformed: number | undefined;
  remoteAddress: string;
}

/** One request of an attempt and whether the endpoint's own schemas refuse what the server reads. */
export interface FuzzRequest {
  label: string;
  options: InjectOptions;
  invalid: boolean;
  /**
   * The schema accepts it, yet a field of the schema carries control characters, bidi overrides or
   * lone surrogates: sent to actions too (it may act), checked for faults and the envelope only.
   */
  hostile: boolean;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HOSTILE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;

function hostileValue(value: unknown): boolean {
  if (typeof value === 'string') return HOSTILE_TEXT.test(value);
  if (Array.isArray(value)) return value.some(hostileValue);
  if (value !== null && typeof value === 'object' && !(value instanceof RawJsonNumber)) return Object.values(value).some(hostileValue);
  return false;
}

/** A field read as anything and never used (the `t` cache-buster). */
function ignoredField(field: z.ZodType): boolean {
  const def = (field as unknown as { def: { type: string; innerType?: z.ZodType } }).def;
  if (def.type === 'unknown' || def.type === 'any') return true;
  return def.type === 'optional' && def.innerType !== undefined && ignoredField(def.innerType);
}

/** Whether a field the schema reads and keeps (extra keys are dropped, `t` ignored) carries hostile text. */
function hostileInput(schema: z.ZodType | undefined, view: unknown): boolean {
  const shape = objectShape(schema);
  if (!shape || view === null || typeof view !== 'object') return false;
  return Object.entries(shape).some(([k, field]) => !ignoredField(field) && Object.prototype.hasOwnProperty.call(view, k) && hostileValue((view as Record<string, unknown>)[k]));
}

/** Bodies no parser accepts: broken JSON, prototype poisoning, a type nobody parses, too big. */
export const malformedBodies: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"id":' },
  { contentType: 'application/json', payload: '[1,' },
  { contentType: 'application/json', payload: 'nul' },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":1}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"polluted":1}}}' },
  { contentType: 'application/json', payload: `{"a":"${'x'.repeat(300 * 1024)}"}` },
  { contentType: 'application/xml', payload: '<a/>' },
];

/** Malformed or useless multipart bodies: none of them holds an image. */
export function multipartBodies(): { contentType: string; payload: Buffer }[] {
  const b = 'fuzzboundary';
  const part = (name: string, content: string, filename = 'x.png') =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
  return [
    { contentType: 'multipart/form-data', payload: Buffer.from(`${part('file', 'abc')}--${b}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.from(part('file', 'abc').slice(0, 60)) },
    { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.from(`${part('file', 'not an image')}--${b}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.from(`${part('other', '\u0000\u0001')}--${b}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.from(`--${b}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.from('') },
    { contentType: `multipart/form-data; boundary=${b}`, payload: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"\r\n\r\n${'a'.repeat(100)}\r\n--${b}--\r\n`) },
    { contentType: `multipart/form-data; boundary="${'b'.repeat(200)}"`, payload: Buffer.from('--x') },
  ];
}

function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
}

/** Text as it reaches a URL: lone surrogates cannot be encoded, so they become U+FFFD first. */
function wellFormed(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * A path segment sent as written, not encoded: broken escapes, encoded slashes, NUL. Not `..`,
 * `.` or `%2e%2e`: a URL parser (the test client's, a browser's) resolves them away before sending.
 */
export class RawSegment {
  constructor(readonly text: string) {}
}
const rawSegment = fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%00', '..%2F..%2Fetc%2Fpasswd', '%C0%AE', '1%20', '1%0A', '%2B1', 'a%3Fb%3D1').map((t) => new RawSegment(t));

function paramText(value: unknown): string {
  return wellFormed(typeof value === 'string' ? value : toJsonText(value));
}

/** The segment as sent and as the router decodes it (undefined: it cannot be decoded). */
function segmentOf(value: unknown): { sent: string; view: string | undefined } {
  if (value instanceof RawSegment) {
    try {
      return { sent: value.text, view: decodeURIComponent(value.text) };
    } catch {
      return { sent: value.text, view: undefined };
    }
  }
  const text = paramText(value);
  return { sent: encodeURIComponent(text), view: text };
}

export function attemptArbitrary(endpoint: EndpointSpec): fc.Arbitrary<Attempt> {
  const paramsShape = objectShape(endpoint.params) ?? {};
  const params: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of paramNames(endpoint.path)) {
    const near = paramsShape[name] ? validish(paramsShape[name]) : undefined;
    params[name] = fc.oneof(near ?? badValue, badValue, rawSegment);
  }
  // A body is sent by POST and PUT alike.
  const posts = endpoint.methods.some((m) => m !== 'GET');
  return fc.record({
    params: fc.record(params),
    input: inputArbitrary(endpoint.input),
    lang: fc.constantFrom(undefined, 'en', 'hk', 'ar', 'cs', 'xx', 'en;q=1'),
    idempotencyKey: endpoint.idempotent ? fc.option(fc.oneof(fc.uuid(), fc.stringMatching(/^[ -~]{1,300}$/)), { nil: undefined }) : fc.constant(undefined),
    // One attempt in five sends a body the parser must refuse instead of the generated input.
    malformed: posts
      ? fc.oneof({ weight: endpoint.multipart ? 1 : 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat({ max: (endpoint.multipart ? multipartBodies().length : malformedBodies.length) - 1 }) })
      : fc.constant(undefined),
    remoteAddress: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  });
}

/**
 * Whether the endpoint's schemas accept what the server reads; an endpoint without input ignores
 * any. As the server validates (http/input-validator.ts): a blank optional field is an absent one.
 */
function accepts(schema: z.ZodType | undefined, view: unknown): boolean {
  return schema ? schema.safeParse(blankAsAbsent(view, blankOptionalKeys(schema))).success : true;
}

/** The requests of one attempt: per method a query (GET), or a JSON and a form body (POST), or a malformed body. */
export function requestsOf(endpoint: EndpointSpec, attempt: Attempt, token: string | undefined): FuzzRequest[] {
  const sent: Record<string, string> = {};
  const views: Record<string, string> = {};
  let decodable = true;
  for (const [name, value] of Object.entries(attempt.params)) {
    const segment = segmentOf(value);
    sent[name] = segment.sent;
    if (segment.view === undefined) decodable = false;
    else views[name] = segment.view;
  }
  const url = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => sent[name] ?? '');
  const paramsOk = decodable && (endpoint.params ? endpoint.params.safeParse(views).success : true);
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = token;
  if (attempt.lang !== undefined) headers.lang = attempt.lang;
  if (attempt.idempotencyKey !== undefined) headers['idempotency-key'] = attempt.idempotencyKey;
  const base = { url, remoteAddress: attempt.remoteAddress };
  const out: FuzzRequest[] = [];
  for (const method of endpoint.methods as readonly HttpMethod[]) {
    if (method === 'GET') {
      const query = formTextOf(toFormPairs(attempt.input));
      const view = formView(query);
      out.push({ label: `GET ?${query.slice(0, 200)}`, options: { ...base, method, url: `${url}?${query}`, headers }, invalid: !paramsOk || !accepts(endpoint.input, view), hostile: hostileInput(endpoint.input, view) });
      continue;
    }
    if (attempt.malformed !== undefined) {
      const body = endpoint.multipart ? multipartBodies()[attempt.malformed]! : malformedBodies[attempt.malformed]!;
      out.push({
        label: `${method} malformed ${body.contentType} ${String(body.payload).slice(0, 80)}`,
        options: { ...base, method, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload },
        invalid: true,
        hostile: false,
      });
      continue;
    }
    // An upload without a multipart file can store nothing: every such body is a bad input.
    const noFile = endpoint.multipart === true;
    const json = toJsonText(attempt.input);
    let jsonView: unknown;
    let jsonOk = !/"__proto__"\s*:/.test(json);
    try {
      jsonView = JSON.parse(json);
    } catch {
      jsonOk = false;
    }
    out.push({
      label: `${method} json ${json.slice(0, 200)}`,
      options: { ...base, method, headers: { ...headers, 'content-type': 'application/json' }, payload: json },
      invalid: noFile || !paramsOk || !jsonOk || !accepts(endpoint.input, jsonView),
      hostile: jsonOk && hostileInput(endpoint.input, jsonView),
    });
    const form = formTextOf(toFormPairs(attempt.input));
    const formRead = formView(form);
    out.push({
      label: `${method} form ${form.slice(0, 200)}`,
      options: { ...base, method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: form },
      invalid: noFile || !paramsOk || !accepts(endpoint.input, formRead),
      hostile: hostileInput(endpoint.input, formRead),
    });
  }
  return out;
}

/** Problems of one answer: a fault, a missing or wrong envelope, or a bad input taken. */
export function problemsOf(endpoint: EndpointSpec, req: FuzzRequest, res: LightMyRequestResponse, expectJsonType: boolean): string[] {
  const problems: string[] = [];
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 500) problems.push(`HTTP ${res.statusCode}`);
  // A file endpoint answers the file itself (an image, a logo, a signed loan agreement's PDF) when it finds one.
  if (endpoint.output === FILE_OUTPUT && res.statusCode === 200 && (type.startsWith('image/') || type === 'application/pdf')) {
    if (req.invalid) problems.push(`file served for a bad input (${type})`);
    return problems;
  }
  if (res.statusCode !== 200 && res.statusCode !== 404) problems.push(`HTTP ${res.statusCode}`);
  if (expectJsonType && !type.startsWith('application/json')) problems.push(`content-type "${type}"`);
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return [...problems, `not JSON: ${res.body.slice(0, 120)}`];
  }
  if (body === null || typeof body !== 'object') return [...problems, `not an envelope: ${res.body.slice(0, 120)}`];
  if (body.code !== 0 && body.code !== 1 && body.code !== 999) problems.push(`code ${String(body.code)}`);
  if (typeof body.msg !== 'string' || body.msg.length === 0) problems.push('no msg');
  if (!('data' in body)) problems.push('no data');
  if (body.code !== 1 && body.data !== null) problems.push('refusal with data');
  if (req.invalid && body.code === 1) problems.push('bad input accepted');
  return problems;
}
