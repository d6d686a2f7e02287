import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { FOREX_STATUS } from '@tp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, type TestApp } from '../test/test-app.js';
import { storeTick } from '../test/forex-helpers.js';
import { adminToken, fund } from '../test/wallet-helpers.js';

/**
 * A client generated from the served /docs/json by openapi-typescript, used with openapi-fetch
 * (openapi-client/journey.ts): it type-checks against the generated types, and it runs against
 * a real server listening on a port.
 */

const SERVER = path.resolve(import.meta.dirname, '../..');
const JOURNEY = path.join(SERVER, 'openapi-client', 'journey.ts');

/**
 * The journey's entry, loaded by path: a static import would make the server's typecheck read
 * the journey, whose types exist only once generated (its copy is type-checked below).
 */
type RunJourney = (
  baseUrl: string,
  email: string,
  helpers: { emailedCode(email: string): Promise<string>; fundAccount(token: string, amount: string): Promise<void> },
) => Promise<{ refusedLogin: { code: number; error: string }; forexBalance: string; orderId: number; closedStatus: number }>;

let t: TestApp;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Under the server's node_modules (ignored by git and lint): the copy resolves openapi-fetch there.
  const cache = path.join(SERVER, 'node_modules', '.cache');
  await fs.mkdir(cache, { recursive: true });
  dir = await fs.mkdtemp(path.join(cache, 'openapi-client-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** The compiler's complaints about the program, as `file:line message`. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

describe('a client generated from the API document', () => {
  it('type-checks: the journey compiles against the generated types, and a misuse of a refusal does not', async () => {
    const doc = (await (await fetch(`${baseUrl}/docs/json`)).json()) as OpenAPI3;
    await fs.writeFile(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc)));
    const journey = path.join(dir, 'journey.ts');
    await fs.copyFile(JOURNEY, journey);
    expect(typeErrors([journey])).toEqual([]);

    // The check bites: reading the session of an answer before checking its code does not compile.
    const careless = path.join(dir, 'careless.ts');
    await fs.writeFile(
      careless,
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './api.js';",
        "const api = createClient<paths>({ baseUrl: 'http://localhost' });",
        "export const token = async () => (await api.POST('/api/user/loginForU', { body: { account: 'a@example.com', password: 'x' } })).data!.data.token;",
      ].join('\n'),
    );
    expect(typeErrors([careless]).join('\n')).toMatch(/possibly 'null'/);
  });

  it('runs against the server: a refused login, register and login, a transfer, a balance read, an order and its close', async () => {
    await storeTick(t.db, 'BTCUSDT', '100000.00');
    const admin = await adminToken(t.app);
    const { runJourney } = (await import(pathToFileURL(JOURNEY).href)) as { runJourney: RunJourney };
    const result = await runJourney(baseUrl, `journey.${Date.now().toString(36)}@example.com`, {
      emailedCode: (email) => lastCode(t.dataDir, email),
      fundAccount: async (token, amount) => {
        await fund(t.app, token, admin, amount);
      },
    });
    expect(result.refusedLogin).toEqual({ code: 0, error: 'invalid_credentials' });
    expect(result.forexBalance).toMatch(/^500(\.0+)?$/);
    expect(result.closedStatus).toBe(FOREX_STATUS.closed);
    const order = await t.db.selectFrom('forex_orders').select('status').where('id', '=', result.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe(FOREX_STATUS.closed);
  });
});
