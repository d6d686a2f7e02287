/**
 * The boundaries of the code, checked by `npm run lint` (docs/architecture.md explains them).
 * Paths are relative to the repository root. A rule here is an error: lint fails on a violation.
 * boundaries.test.ts proves each rule still bites, on fixture files with a deliberate violation.
 */
const SERVER = '^apps/server/src/';
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-imports',
      comment: 'No import circle anywhere in the server, the web app, the admin console or the shared client: a circle means two parts cannot be understood, tested or replaced apart (modules: one of them belongs below the other).',
      severity: 'error',
      from: { path: '^apps/(server|web|admin)/src/|^packages/client/' },
      to: { circular: true },
    },
    {
      name: 'module-through-index',
      comment: 'A server module reaches another module only through its index.ts (its manifest and public face).',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/`, pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`, `${SERVER}modules/define-module\\.ts$`] },
    },
    {
      name: 'nothing-imports-composition',
      comment: 'app.ts, main.ts and modules.ts compose the server: only they (and tests) may import them.',
      severity: 'error',
      from: { path: `${SERVER}(lib|db|http|realtime|engine|modules)/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(app|main|modules)\\.ts$` },
    },
    {
      name: 'engine-imports-no-module',
      comment: 'Layers: lib < db < http, realtime < engine < modules < composition. The engine takes what modules give it as options.',
      severity: 'error',
      from: { path: `${SERVER}engine/` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'transport-imports-no-module',
      comment: 'http/ and realtime/ sit below the modules (the session lookup is in http, not the users module).',
      severity: 'error',
      from: { path: `${SERVER}(http|realtime)/` },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'transport-imports-no-engine',
      comment: 'http/ and realtime/ sit below the engine; a test of the websocket against a running engine may drive it.',
      severity: 'error',
      from: { path: `${SERVER}(http|realtime)/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}engine/` },
    },
    {
      name: 'db-imports-no-upper-layer',
      comment: 'db/ (schema, migrations, seed) sits below everything but lib/.',
      severity: 'error',
      from: { path: `${SERVER}db/` },
      to: { path: `${SERVER}(http|realtime|engine|modules)/` },
    },
    {
      name: 'lib-is-the-bottom',
      comment: 'lib/ holds pure helpers: it imports no other layer of the server.',
      severity: 'error',
      from: { path: `${SERVER}lib/` },
      to: { path: `${SERVER}(db|http|realtime|engine|modules)/` },
    },
    {
      name: 'web-feature-stays-in-its-folder',
      comment: 'A web feature never imports another feature (tests included); app/ composes them, shared code lives in lib/ or components/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'admin-feature-stays-in-its-folder',
      comment: 'An admin console feature never imports another feature (tests included); app/ composes them through the page registry, shared code lives in lib/ or components/.',
      severity: 'error',
      from: { path: '^apps/admin/src/features/([^/]+)/' },
      to: { path: '^apps/admin/src/features/', pathNot: '^apps/admin/src/features/$1/' },
    },
    {
      name: 'admin-lib-imports-no-feature',
      comment: 'lib/ and components/ of the console sit below the features and the app shell.',
      severity: 'error',
      from: { path: '^apps/admin/src/(lib|components)/' },
      to: { path: '^apps/admin/src/(features|app)/' },
    },
    {
      name: 'client-is-transport-only',
      comment: 'packages/client is the API transport both apps share: it knows contracts, never an app.',
      severity: 'error',
      from: { path: '^packages/client/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain holds pure rules: it imports nothing but decimal.js and its own files.',
      severity: 'error',
      from: { path: '^packages/domain/', pathNot: TEST_FILE },
      to: { pathNot: ['^packages/domain/', '(^|/)node_modules/decimal\\.js/', '^decimal\\.js$'] },
    },
    {
      name: 'domain-tests-are-pure',
      comment: 'The domain tests add vitest, nothing else.',
      severity: 'error',
      from: { path: `^packages/domain/.*${TEST_FILE}` },
      to: { pathNot: ['^packages/domain/', '(^|/)node_modules/(decimal\\.js|vitest|@vitest)/', '^vitest$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // Type-only imports are dependencies too: a module must not lean on another's internal types.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
