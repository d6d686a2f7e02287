import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

/*
 * The browser calls an endpoint by its method and path; the zod schemas of its input and answer
 * are for the server, which parses both, and for the forms that validate with them. An endpoint
 * object of contracts still holds its schemas, so importing `marketEndpoints` would bring zod and
 * every schema of the group into the first load. For the web build, each
 * packages/contracts/src/endpoints/*.endpoints.ts module is replaced by its endpoint groups as
 * plain data (methods, path, access, idempotent, multipart, rate limit, tags), read from the very
 * objects contracts exports, so nothing is written twice. A schema a form needs is imported by
 * name and ships with that form's chunk. Staff endpoints are left out: the web app never calls them.
 *
 * Only the `<name>Endpoints` groups are emitted; importing anything else from such a module fails
 * the build (a missing export), rather than silently shipping an empty value.
 */
const ENDPOINTS_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/][^\\/]+\.endpoints\.ts$/;
const SCHEMA_KEYS = new Set(['input', 'output', 'params']);

type Group = Record<string, Record<string, unknown>>;

const CONTRACTS = fileURLToPath(new URL('../../../packages/contracts/src/index.ts', import.meta.url));

/** Every endpoint group contracts exports, loaded (TypeScript and all) through Vite's module runner. */
async function groups(): Promise<Map<string, Group>> {
  const { module } = await runnerImport<Record<string, unknown>>(CONTRACTS, { configFile: false, logLevel: 'silent' });
  const found = new Map<string, Group>();
  for (const [name, value] of Object.entries(module)) {
    if (/^[a-z][A-Za-z]*Endpoints$/.test(name) && value && typeof value === 'object') found.set(name, value as Group);
  }
  return found;
}

/**
 * A group as the browser needs it: without its schemas (an `output` that is the FILE_OUTPUT marker
 * stays: it is data), and without the staff's endpoints (access `admin`), which only the admin
 * console calls; a group such as support holds both.
 */
export function forBrowser(group: Group): Group {
  return Object.fromEntries(
    Object.entries(group)
      .filter(([, endpoint]) => (endpoint.access as { kind?: string } | undefined)?.kind !== 'admin')
      .map(([key, endpoint]) => [
      key,
      Object.fromEntries(Object.entries(endpoint).filter(([k, v]) => !SCHEMA_KEYS.has(k) || typeof v === 'string')),
    ]),
  );
}

/** The module text for the browser: every `export const <name>Endpoints` of the source, as data. */
export function endpointsModule(source: string, id: string, known: Map<string, Group>): string {
  const names = [...source.matchAll(/^export const ([a-z][A-Za-z]*Endpoints)\b/gm)].map((m) => m[1]!);
  if (names.length === 0) throw new Error(`${id}: no endpoint group exported`);
  return names
    .map((name) => {
      const group = known.get(name);
      if (!group) throw new Error(`${id}: ${name} is not exported by @tp/contracts`);
      return `export const ${name} = ${JSON.stringify(forBrowser(group))};`;
    })
    .join('\n');
}

export function endpointsAsData(): Plugin {
  let known: Promise<Map<string, Group>> | undefined;
  return {
    name: 'tp:endpoints-as-data',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!ENDPOINTS_MODULE.test(id.split('?')[0]!)) return null;
      known ??= groups();
      return { code: endpointsModule(code, id, await known), map: null };
    },
  };
}
