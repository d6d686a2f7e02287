import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { allEndpoints, type EndpointSpec } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { adminToken } from '../test/wallet-helpers.js';
import { ADMIN_DOCS_PATH, isStaffEndpoint } from './docs.js';
import { spectralRuleset } from './openapi-lint/spectral-ruleset.js';

/**
 * The served API documents, as a client generator or a linter reads them: Spectral (spectral:oas)
 * and Redocly (recommended) find nothing in either, beyond the warnings their configs in
 * openapi-lint/ accept with a reason; and what the linters do not check - names, refusals, the
 * bounds of integers - is checked here.
 */

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  summary: string;
  security: Json[];
  parameters: Json[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: Json }> } | { $ref: string }>;
}
type Document = Json & { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let dir: string;
const documents: Record<'user' | 'staff', { doc: Document; file: string }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-openapi-'));
  const user = await t.app.inject({ method: 'GET', url: '/docs/json' });
  const staff = await t.app.inject({ method: 'GET', url: ADMIN_DOCS_PATH, headers: { authorization: await adminToken(t.app) } });
  for (const [name, res] of [['user', user], ['staff', staff]] as const) {
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, `${name}.json`);
    await fs.writeFile(file, res.body);
    documents[name] = { doc: res.json(), file };
  }
  // Redocly runs in processes of its own: started now, it works while Spectral does.
  for (const name of DOCS) redocly[name] = lintWithRedocly(documents[name].file);
  for (const name of DOCS) redocly[name].catch(() => undefined);
});
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const DOCS = ['user', 'staff'] as const;

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}
const redocly = {} as Record<(typeof DOCS)[number], Promise<RedoclyReport>>;

/** Redocly's CLI on a document with openapi-lint/redocly.yaml; it exits 1 on errors, its report is on stdout either way. */
async function lintWithRedocly(file: string): Promise<RedoclyReport> {
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const config = path.join(import.meta.dirname, 'openapi-lint', 'redocly.yaml');
  // No telemetry, no update notice: a test talks to no one.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', config, '--format', 'json'], { env }).catch((err: { stdout?: string }) => ({
    stdout: err.stdout ?? '',
  }));
  return JSON.parse(stdout) as RedoclyReport;
}
const operations = (doc: Document) => Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })));

describe('the linters find nothing', () => {
  it.each(DOCS)('Spectral (spectral:oas): the %s document', async (name) => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset(spectralRuleset);
    const results = await spectral.run(new spectralCore.Document(await fs.readFile(documents[name].file, 'utf8'), spectralParsers.Json));
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  });

  it.each(DOCS)('Redocly (recommended): the %s document', async (name) => {
    const report = await redocly[name];
    expect(report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

describe('what a client generator needs', () => {
  const documented = allEndpoints().filter((e) => !e.hidden);
  const docOf = (e: EndpointSpec) => documents[isStaffEndpoint(e) ? 'staff' : 'user'].doc;
  const operationOf = (e: EndpointSpec, method: string) => docOf(e).paths[e.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];

  it('every operation carries its endpoint\'s summary, a unique operationId and a security requirement', () => {
    for (const e of documented) {
      for (const method of e.methods) {
        const op = operationOf(e, method);
        expect(op, `${method} ${e.path}`).toBeDefined();
        expect(op!.summary).toBe(e.summary);
        expect(op!.security.length).toBeGreaterThan(0);
      }
    }
    for (const name of DOCS) {
      const ids = operations(documents[name].doc).map(({ op }) => op.operationId);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(operationOf(allEndpoints().find((e) => e.path === '/api/account/transfer')!, 'POST')!.operationId).toBe('wallet.transfer');
  });

  it('every operation takes the lang header; a refusal (code 0 or 999, data null) is one of its answers', () => {
    for (const name of DOCS) {
      const { doc } = documents[name];
      for (const { key, op } of operations(doc)) {
        expect(op.parameters, key).toContainEqual({ $ref: '#/components/parameters/lang' });
        const ok = op.responses['200'] as { content: Record<string, { schema: Json }> };
        expect(ok.content['application/json']!.schema, key).toSatisfy((s: Json) => JSON.stringify(s).includes('#/components/schemas/Refusal'));
      }
      const refusal = (doc.components as { schemas: Record<string, { properties: Record<string, Json> }> }).schemas.Refusal!;
      expect(refusal.properties.code).toMatchObject({ enum: [0, 999] });
      expect(refusal.properties.data).toEqual({ type: 'null' });
    }
  });

  it('every POST body is JSON or a form, an upload multipart; the files answer in their media types', () => {
    for (const name of DOCS) {
      for (const { key, op } of operations(documents[name].doc)) {
        if (!op.requestBody) continue;
        const kinds = Object.keys(op.requestBody.content);
        expect(kinds, key).toEqual(kinds.includes('multipart/form-data') ? ['multipart/form-data'] : ['application/json', 'application/x-www-form-urlencoded']);
      }
    }
    expect(Object.keys(documents.user.doc.paths['/api/common/image_upload']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    const pdf = documents.user.doc.paths['/api/loan/agreement_pdf']!.get!.responses['200'] as { content: Record<string, unknown> };
    expect(Object.keys(pdf.content)).toEqual(['application/pdf', 'application/json']);
    const image = documents.user.doc.paths['/uploads/{name}']!.get!.responses['200'] as { content: Record<string, unknown> };
    expect(Object.keys(image.content)).toEqual(['image/png', 'image/jpeg', 'image/webp', 'application/json']);
  });

  it('schemas say what the server takes: integers within its bounds, no one-branch union, no empty-string-only field, no nullable', () => {
    const problems: string[] = [];
    const walk = (node: unknown, at: string, input: boolean) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`, input));
      if (!node || typeof node !== 'object') return;
      const s = node as Json;
      // zod's bounds of any safe integer: the server stops at PostgreSQL's integer (intField) or its own limit.
      if (input && s.type === 'integer' && (s.maximum === Number.MAX_SAFE_INTEGER || s.minimum === Number.MIN_SAFE_INTEGER)) problems.push(`${at}: unbounded input integer`);
      for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(s[k]) && (s[k] as unknown[]).length === 1) problems.push(`${at}: one-branch ${k}`);
      if ('nullable' in s) problems.push(`${at}: nullable`);
      if (s.properties) for (const [name, p] of Object.entries(s.properties as Record<string, Json>)) if (JSON.stringify(p.enum) === '[""]') problems.push(`${at}/${name}: the empty string only`);
      if (Object.keys(s).some((k) => k.startsWith('x-integer'))) problems.push(`${at}: a leftover range mark`);
      for (const [k, v] of Object.entries(s)) walk(v, `${at}/${k}`, input || k === 'parameters' || k === 'requestBody');
    };
    for (const name of DOCS) walk(documents[name].doc.paths, name, false);
    expect(problems).toEqual([]);
    // The bounds are the server's: a page from 1 to 100 000, an id a positive PostgreSQL integer.
    const transferLog = documents.user.doc.paths['/api/account/transfer_log']!.get!.parameters as { name?: string; schema: { anyOf: Json[] } }[];
    expect(transferLog.find((p) => p.name === 'page')!.schema.anyOf).toContainEqual({ type: 'integer', minimum: 1, maximum: 100_000 });
    const close = documents.user.doc.paths['/v2/api/forex/close']!.post!.requestBody!.content['application/json'] as { schema: { properties: { id: { anyOf: Json[] } } } };
    expect(close.schema.properties.id.anyOf).toContainEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
  });
});
