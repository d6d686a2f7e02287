import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CODE_OK,
  CODE_REFUSED,
  CODE_UNAUTHENTICATED,
  DEFAULT_LANG,
  allEndpoints,
  endpointName,
  ERROR_KEYS,
  LANGS,
  UPLOAD_MIME_TYPES,
  type EndpointAccess,
  type EndpointSpec,
  type HttpMethod,
} from '@tp/contracts';
import { KEY_PATTERN as IDEMPOTENCY_KEY_PATTERN } from './idempotency.js';

/**
 * The API document as a client generator needs it, built from the endpoint objects of contracts:
 * every operation named (`operationId`), summarised, secured by its access, with the `lang` and
 * `Idempotency-Key` headers, every body kind the server reads, and the whole envelope - success
 * and refusal - as its answer. @fastify/swagger lays out paths and bodies from the routes' zod
 * schemas (zodTransform below); completeDocument() adds the rest to the finished document.
 */

type Json = Record<string, unknown>;
type Schema = Json;

/** Where a pipe's JSON Schema carries the integers its output side allows, until completeDocument() applies them. */
const INTEGER_RANGE_KEY = 'x-integer-range';

interface IntegerRange {
  min: number;
  max: number;
  /** A finite set (a literal union), when that is what the schema allows. */
  values?: number[];
}

/** zod's integer formats and their bounds. */
const INTEGER_FORMATS = {
  safeint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  int32: { min: -2_147_483_648, max: 2_147_483_647 },
  uint32: { min: 0, max: 4_294_967_295 },
};

/**
 * The integers a zod schema lets through, as far as its checks say; undefined when it does not
 * bound them (a string, a transform, a plain number). A pipe lets through what both sides do.
 */
function integerRange(schema: z.core.$ZodType): IntegerRange | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'number': {
      let range: IntegerRange | undefined;
      for (const check of (def.checks ?? []) as z.core.$ZodCheck[]) {
        const c = check._zod.def as { check: string; format?: string; value?: number; inclusive?: boolean };
        const bound =
          c.check === 'number_format' && c.format && c.format in INTEGER_FORMATS
            ? INTEGER_FORMATS[c.format as keyof typeof INTEGER_FORMATS]
            : c.check === 'greater_than'
              ? { min: c.inclusive ? c.value! : Math.floor(c.value!) + 1, max: Infinity }
              : c.check === 'less_than'
                ? { min: -Infinity, max: c.inclusive ? c.value! : Math.ceil(c.value!) - 1 }
                : undefined;
        range = intersect(range, bound);
      }
      return range;
    }
    case 'literal': {
      const values = (def.values as unknown[]).filter((v): v is number => typeof v === 'number');
      if (values.length !== (def.values as unknown[]).length) return undefined;
      return { min: Math.min(...values), max: Math.max(...values), values };
    }
    case 'union': {
      const ranges = (def.options as z.core.$ZodType[]).map(integerRange);
      if (ranges.some((r) => r === undefined)) return undefined;
      const known = ranges as IntegerRange[];
      const values = known.every((r) => r.values) ? [...new Set(known.flatMap((r) => r.values!))] : undefined;
      return { min: Math.min(...known.map((r) => r.min)), max: Math.max(...known.map((r) => r.max)), ...(values ? { values } : {}) };
    }
    case 'pipe':
      return intersect(integerRange(def.in as z.core.$ZodType), integerRange(def.out as z.core.$ZodType));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return integerRange(def.innerType as z.core.$ZodType);
    default:
      return undefined;
  }
}

function intersect(a: IntegerRange | undefined, b: IntegerRange | undefined): IntegerRange | undefined {
  if (!a || !b) return a ?? b;
  const min = Math.max(a.min, b.min);
  const max = Math.min(a.max, b.max);
  const values = a.values && b.values ? a.values.filter((v) => b.values!.includes(v)) : (a.values ?? b.values)?.filter((v) => v >= min && v <= max);
  return { min, max, ...(values ? { values } : {}) };
}

/**
 * The routes' zod schemas as JSON Schema. Input is read before its pipes run, so an integer field
 * (`intField`: a JSON integer or its digits, then bounded to PostgreSQL's `integer`) would be
 * documented with zod's bounds of any safe integer: each pipe records what its output side
 * allows, applied to the integer branches below it by completeDocument(). The library's own
 * override is left out: it drops union branches zod has not filled in yet when it runs (the
 * digits branch of an integer used twice in one schema), leaving one-branch `anyOf`s and
 * fields documented as "the empty string only".
 */
export const zodTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type !== 'pipe') return;
      const range = integerRange(ctx.zodSchema);
      if (range && (Number.isFinite(range.min) || Number.isFinite(range.max) || range.values)) ctx.jsonSchema[INTEGER_RANGE_KEY] = range;
    },
  },
});

/** Body kinds of a JSON endpoint: decisions.md "HTTP API" - JSON or a form, both read alike. */
export const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

/** `endpoints.<group>.<key>` as `group.key`, by method and OpenAPI path: the operation's name. */
interface NamedEndpoint {
  endpoint: EndpointSpec;
  operationId: string;
}

export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

let operations: Map<string, NamedEndpoint> | undefined;
/** Every endpoint object by `METHOD /openapi/{path}`, made once. */
function operationsByRoute(): Map<string, NamedEndpoint> {
  operations ??= namedOperations();
  return operations;
}

/** Whether a route is one of the endpoint objects' (the documents list nothing else: a test's probe route, a page). */
export function isEndpointRoute(method: string | string[], url: string): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return methods.some((m) => operationsByRoute().has(`${m.toUpperCase()} ${openApiPath(url)}`));
}

function namedOperations(): Map<string, NamedEndpoint> {
  const byRoute = new Map<string, NamedEndpoint>();
  for (const endpoint of allEndpoints()) {
    const name = endpointName(endpoint);
    // A GET-action answers two methods: the first keeps the name, the other adds its method.
    endpoint.methods.forEach((method, i) => {
      byRoute.set(`${method} ${openApiPath(endpoint.path)}`, { endpoint, operationId: i === 0 ? name : `${name}.${method.toLowerCase()}` });
    });
  }
  return byRoute;
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const binary = { type: 'string', format: 'binary' };

const REFUSAL: Schema = {
  type: 'object',
  description: 'A refusal: `code` 0 (`msg` says why) or 999 (not logged in, or the token is no longer valid); `data` is null.',
  required: ['code', 'msg', 'data', 'error'],
  properties: {
    code: { type: 'integer', enum: [CODE_REFUSED, CODE_UNAUTHENTICATED] },
    msg: { type: 'string', description: 'Why, in the language of the `lang` header.' },
    data: { type: 'null' },
    error: { type: 'string', enum: [...ERROR_KEYS], description: 'The reason, for programs.' },
    request_id: { type: 'string', description: 'On a fault (HTTP 500) or an outage (503): names the log line.' },
  },
};

const COMPONENTS = {
  schemas: { Refusal: REFUSAL },
  parameters: {
    lang: {
      name: 'lang',
      in: 'header',
      required: false,
      description: 'The language of `msg` and of translated content.',
      schema: { type: 'string', enum: [...LANGS], default: DEFAULT_LANG },
    },
    idempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'A key of the client\'s choosing: a retry with the same key acts once and answers what the first answered.',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  },
  responses: {
    Fault: { description: 'A fault of the server: a generic `msg` and a `request_id`; details go to its log only.', content: { 'application/json': { schema: ref('schemas', 'Refusal') } } },
    Unavailable: { description: 'The database cannot be reached: try again shortly.', content: { 'application/json': { schema: ref('schemas', 'Refusal') } } },
  },
  securitySchemes: {
    user_token: {
      type: 'apiKey',
      in: 'header',
      name: 'authorization',
      description: 'A user session token, as login, register or the demo login answer it (`Bearer <token>` is read too).',
    },
    staff_token: { type: 'apiKey', in: 'header', name: 'authorization', description: 'A staff session token, as the admin login answers it.' },
  },
};

export const DOCUMENT_DESCRIPTION = [
  'Every JSON answer is the envelope `{code, msg, data}` with HTTP 200: `code` 1 with the data, 0 refused (`error` names the reason, `msg` says it in the language of the `lang` header, `data` is null), 999 not logged in or the token is no longer valid.',
  'Other statuses: 404 (code 0) for a path and method that are no operation, 500 for a fault and 503 while the database is unreachable (both with a `request_id`), 431 from Node for headers beyond 16 KB.',
  'POST and PUT bodies are JSON or `application/x-www-form-urlencoded`; uploads are `multipart/form-data`. Money and prices are decimal strings.',
].join('\n\n');

function securityOf(access: EndpointAccess): Json[] {
  switch (access.kind) {
    case 'public':
      // A token, when sent, is read by the few public reads that know their caller (follow lists).
      return [{}, { user_token: [] }];
    case 'user':
    case 'real':
      return [{ user_token: [] }];
    case 'admin':
      return [{ staff_token: [] }];
    case 'userOrAdmin':
      return [{ user_token: [] }, { staff_token: [] }];
  }
}

function describe(endpoint: EndpointSpec, method: HttpMethod): string {
  const who = {
    public: 'Anyone may call it.',
    user: 'A logged-in user, demo or real account.',
    real: 'A real account only: a demo account is refused (`only_true_account`).',
    userOrAdmin: 'Its owner (user token) or staff (staff token).',
    admin: `Staff with the role ${endpoint.access.kind === 'admin' ? endpoint.access.roles.join(', ') : ''}.`,
  }[endpoint.access.kind];
  const limit = endpoint.rateLimit
    ? `Limited per address: ${typeof endpoint.rateLimit.max === 'number' ? endpoint.rateLimit.max : `the configured ${endpoint.rateLimit.max} limit`} per ${endpoint.rateLimit.windowMs / 1000} s (\`too_many_requests\`).`
    : '';
  const idempotent = endpoint.idempotent ? 'A retry with the same `Idempotency-Key` acts once.' : '';
  const both = endpoint.methods.length > 1 ? `Answers ${endpoint.methods.join(' and ')} alike (decisions.md); this is ${method}.` : '';
  return [who, idempotent, limit, both].filter(Boolean).join(' ');
}

function fileTypesOf(endpoint: EndpointSpec): readonly string[] {
  if (!endpoint.fileTypes?.length) throw new Error(`${endpoint.path}: a file answer names its media types (fileTypes)`);
  return endpoint.fileTypes;
}

/** The 200 answer: the envelope with the data, or a refusal; a file, or a refusal. */
function okResponse(endpoint: EndpointSpec, generated: Json | undefined): Json {
  if (endpoint.output === 'file') {
    const files = Object.fromEntries(fileTypesOf(endpoint).map((type) => [type, { schema: binary }]));
    return { description: 'The file, or a refusal in the envelope.', content: { ...files, 'application/json': { schema: ref('schemas', 'Refusal') } } };
  }
  const envelope = (generated?.content as Json | undefined)?.['application/json'] as { schema?: { properties?: Json } } | undefined;
  const data = envelope?.schema?.properties?.data;
  if (data === undefined) throw new Error(`${endpoint.path}: no generated answer schema`);
  const success = {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', enum: [CODE_OK] }, msg: { type: 'string' }, data },
  };
  return {
    description: 'Done (`code` 1, the data), or refused (`code` 0 or 999, `data` null).',
    content: { 'application/json': { schema: { oneOf: [success, ref('schemas', 'Refusal')] } } },
  };
}

/** An upload's body: the image as the part `file`. */
const MULTIPART_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', required: ['file'], properties: { file: { ...binary, description: 'The image: PNG, JPEG or WebP, recognised by its content.' } } },
      encoding: { file: { contentType: UPLOAD_MIME_TYPES.join(', ') } },
    },
  },
};

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT'];

/**
 * Completes the generated document (transformObject of @fastify/swagger): names, summaries,
 * security, headers, bodies and answers of every operation from its endpoint object, and the
 * schema fixes of normalizeSchema. Works on a copy; throws on an operation no endpoint object
 * declares, so a route outside the objects cannot slip into the document undescribed.
 */
export function completeDocument(generated: Json): Json {
  const doc = structuredClone(generated) as Json & { paths: Record<string, Record<string, Json>>; components?: Json };
  const byRoute = operationsByRoute();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()];
      if (!operation) continue;
      const named = byRoute.get(`${method} ${path}`);
      if (!named) throw new Error(`${method} ${path}: no endpoint object declares it`);
      const { endpoint, operationId } = named;
      const parameters = ((operation.parameters as Json[] | undefined) ?? []).map((p) => ({ ...p, schema: normalizeSchema(p.schema as Schema) }));
      const body = operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined;
      for (const media of Object.values(body?.content ?? {})) media.schema = normalizeSchema(media.schema);
      const responses = operation.responses as Record<string, Json> | undefined;
      const ok = okResponse(endpoint, responses?.['200']);
      for (const media of Object.values(ok.content as Record<string, { schema: Schema }>)) media.schema = normalizeSchema(media.schema);
      for (const tag of endpoint.tags) tags.add(tag);
      item[method.toLowerCase()] = {
        operationId,
        summary: endpoint.summary,
        description: describe(endpoint, method),
        tags: operation.tags,
        security: securityOf(endpoint.access),
        parameters: [ref('parameters', 'lang'), ...(endpoint.idempotent ? [ref('parameters', 'idempotencyKey')] : []), ...parameters],
        ...(endpoint.multipart ? { requestBody: MULTIPART_BODY } : body ? { requestBody: body } : {}),
        responses: { '200': ok, '500': ref('responses', 'Fault'), '503': ref('responses', 'Unavailable') },
      };
    }
  }
  const components = doc.components ?? {};
  const used = JSON.stringify(doc.paths);
  // Only what this document's operations use: the staff API takes no Idempotency-Key.
  const parameters = Object.fromEntries(Object.entries(COMPONENTS.parameters).filter(([name]) => used.includes(`"#/components/parameters/${name}"`)));
  return {
    ...doc,
    servers: [{ url: '/', description: 'This server' }],
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    components: {
      ...components,
      schemas: { ...(components.schemas as Json | undefined), ...COMPONENTS.schemas },
      parameters,
      responses: COMPONENTS.responses,
      securitySchemes: COMPONENTS.securitySchemes,
    },
  };
}

/** What each tag of the endpoint objects groups. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  user: 'Registration, login, the demo account and the own profile',
  notify: 'Verification codes by e-mail or text, and the captcha',
  general: 'Public settings, countries and companies',
  wallet: 'Accounts, balances, bookings, transfers and uploads',
  deposit: 'Coin and bank deposits',
  withdraw: 'Withdrawals and their saved methods',
  market: 'Symbols, prices, candles and the watchlist',
  forex: 'Contract trading: orders, stops and closing',
  micro: 'Timed options',
  follow: 'Copy trading: traders, following and copied orders',
  fund: 'Funds: subscriptions, incomes and early redemption',
  loan: 'Loans: identity check, applications and repayment',
  'real-name': 'Real-name authentication',
  news: 'News articles',
  support: 'The support chat',
  fair: 'Provable fairness: published roots, receipts, proofs of liabilities and statements',
  alert: 'Price alerts: above or below a price, fired once',
  notifications: 'Notifications: the list, read marks, settings per kind and Web Push devices',
  admin: 'Staff login, the second factor, review queues, users and operations',
  'admin-config': 'Configuration: symbols, options, settings, companies, deposit channels, news, loan products',
  'admin-funds': 'Funds and their early redemption queue',
  'admin-staff': 'Staff accounts and invitations',
};

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMAS = ['items', 'not', 'additionalProperties', 'contains'] as const;

/**
 * One schema of the document, cleaned for generators: the integer bounds of its pipes applied,
 * nested `anyOf`s flattened and one-branch `anyOf`/`oneOf` merged into their schema.
 */
export function normalizeSchema(schema: Schema): Schema {
  if (!schema || typeof schema !== 'object') return schema;
  let out: Schema = { ...schema };
  const range = out[INTEGER_RANGE_KEY] as IntegerRange | undefined;
  delete out[INTEGER_RANGE_KEY];
  if (range) out = applyRange(out, range);
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, Schema>).map(([k, v]) => [k, normalizeSchema(v)]));
  if (out.$defs) out.$defs = Object.fromEntries(Object.entries(out.$defs as Record<string, Schema>).map(([k, v]) => [k, normalizeSchema(v)]));
  for (const key of SUBSCHEMAS) if (out[key] && typeof out[key] === 'object') out[key] = normalizeSchema(out[key] as Schema);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as Schema[]).map(normalizeSchema);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key] as Schema[] | undefined;
    if (!branches) continue;
    // anyOf [a, anyOf [b, c]] is anyOf [a, b, c]
    let flat = key === 'anyOf' ? branches.flatMap((b) => (Object.keys(b).length === 1 && Array.isArray(b.anyOf) ? (b.anyOf as Schema[]) : [b])) : branches;
    // A union of literals of one type is one enum: anyOf [{enum: [0]}, {enum: [1]}] is {enum: [0, 1]}
    const literals = flat.every((b) => Array.isArray(b.enum) && Object.keys(b).every((k) => k === 'type' || k === 'enum') && b.type === flat[0]!.type);
    if (literals && flat.length > 1) flat = [{ ...(flat[0]!.type ? { type: flat[0]!.type } : {}), enum: [...new Set(flat.flatMap((b) => b.enum as unknown[]))] }];
    out[key] = flat;
    if (flat.length === 1 && Object.keys(flat[0]!).every((k) => !(k in out) || k === key)) {
      delete out[key];
      out = { ...out, ...flat[0] };
    }
  }
  return out;
}

/** Bounds every integer branch under a pipe's schema by what the pipe lets through. */
function applyRange(schema: Schema, range: IntegerRange): Schema {
  const out: Schema = { ...schema };
  delete out[INTEGER_RANGE_KEY];
  if (out.type === 'integer') {
    delete out.minimum;
    delete out.maximum;
    if (range.values) out.enum = [...range.values].sort((a, b) => a - b);
    else {
      if (Number.isFinite(range.min)) out.minimum = range.min;
      if (Number.isFinite(range.max)) out.maximum = range.max;
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(out[key])) out[key] = (out[key] as Schema[]).map((b) => applyRange(b, range));
  return out;
}
