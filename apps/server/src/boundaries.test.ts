import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { REPO_ROOT } from './config.js';

/*
 * The lint step's boundary rules (.dependency-cruiser.cjs) run on a small fixture tree with one
 * deliberate violation per rule and some allowed imports beside them, so a rule that stops
 * matching (a renamed folder, a broken pattern) fails here instead of silently letting code through.
 */

const config = createRequire(import.meta.url)(path.join(REPO_ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

const FIXTURE: Record<string, string> = {
  // Allowed: a module uses another through its index, and its own files freely.
  'apps/server/src/modules/wallet/index.ts': `export { transfer } from './wallet.service.js';`,
  'apps/server/src/modules/wallet/wallet.service.ts': `import { post } from '../ledger/index.js';\nexport const transfer = post;`,
  'apps/server/src/modules/ledger/index.ts': `export { post } from './ledger.service.js';`,
  'apps/server/src/modules/ledger/ledger.service.ts': `export const post = 1;`,
  'apps/server/src/modules/ledger/ledger.repository.ts': `export const insert = 1;`,
  // Violation: a module reaching into another module's repository.
  'apps/server/src/modules/users/users.service.ts': `import { insert } from '../ledger/ledger.repository.js';\nexport const x = insert;`,
  // Violations: lower layers importing upward.
  'apps/server/src/engine/tick-consumer.ts': `import { transfer } from '../modules/wallet/index.js';\nexport const y = transfer;`,
  'apps/server/src/http/auth.ts': `import { post } from '../modules/ledger/index.js';\nexport const z = post;`,
  'apps/server/src/db/seed.ts': `import { post } from '../modules/ledger/index.js';\nexport const s = post;`,
  'apps/server/src/lib/time.ts': `import { z } from '../http/auth.js';\nexport const t = z;`,
  'apps/server/src/modules/market/market.service.ts': `import { MODULES } from '../../modules.js';\nexport const m = MODULES;`,
  'apps/server/src/modules.ts': `export const MODULES = [];`,
  // Violation: one web feature importing another, from a test file too.
  'apps/web/src/features/forex/forex-form.test.tsx': `import { quotes } from '../market/model/quote-store';\nexport const q = quotes;`,
  'apps/web/src/features/market/model/quote-store.ts': `export const quotes = 1;`,
  'apps/web/src/features/market/market-screen.tsx': `import { quotes } from './model/quote-store';\nexport const r = quotes;`,
  // Violation: two modules leaning on each other through their indexes (an import circle, reported
  // once, at the edge where the cruise first closes it).
  'apps/server/src/modules/notify/index.ts': `import { who } from '../users/index.js';\nexport const code = who;`,
  'apps/server/src/modules/users/index.ts': `import { code } from '../notify/index.js';\nexport const who = code;`,
  // Violation: one admin console feature importing another; the page registry (app/) may import any.
  'apps/admin/src/features/users/user-page.tsx': `import { ReviewQueue } from '../queues/review-queue';\nexport const u = ReviewQueue;`,
  'apps/admin/src/features/queues/review-queue.tsx': `export const ReviewQueue = 1;`,
  'apps/admin/src/app/pages.ts': `import { ReviewQueue } from '../features/queues/review-queue';\nexport const PAGES = [ReviewQueue];`,
  // Violation: the console's lib/ reaching up into the shell.
  'apps/admin/src/lib/api.ts': `import { PAGES } from '../app/pages';\nexport const a = PAGES;`,
  // Violation: the shared client leaning on an app.
  'packages/client/src/client.ts': `import { storage } from '../../../apps/web/src/lib/storage';\nexport const c = storage;`,
  'apps/web/src/lib/storage.ts': `export const storage = 1;`,
  // Violation: the pure domain importing something besides decimal.js.
  'packages/domain/src/margin.ts': `import { Decimal } from 'decimal.js';\nimport { z } from 'zod';\nexport const d = [Decimal, z];`,
};

let dir: string;
let result: ICruiseResult;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  const previous = process.cwd();
  process.chdir(dir);
  try {
    const answer = await cruise(['apps', 'packages'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
    result = answer.output as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function violations(): string[] {
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('boundary rules of the lint step', () => {
  it('reject each deliberate violation, and nothing else', () => {
    expect(violations()).toEqual(
      [
        'module-through-index: apps/server/src/modules/users/users.service.ts -> apps/server/src/modules/ledger/ledger.repository.ts',
        'engine-imports-no-module: apps/server/src/engine/tick-consumer.ts -> apps/server/src/modules/wallet/index.ts',
        'transport-imports-no-module: apps/server/src/http/auth.ts -> apps/server/src/modules/ledger/index.ts',
        'db-imports-no-upper-layer: apps/server/src/db/seed.ts -> apps/server/src/modules/ledger/index.ts',
        'lib-is-the-bottom: apps/server/src/lib/time.ts -> apps/server/src/http/auth.ts',
        'nothing-imports-composition: apps/server/src/modules/market/market.service.ts -> apps/server/src/modules.ts',
        'web-feature-stays-in-its-folder: apps/web/src/features/forex/forex-form.test.tsx -> apps/web/src/features/market/model/quote-store.ts',
        'domain-is-pure: packages/domain/src/margin.ts -> zod',
        'admin-feature-stays-in-its-folder: apps/admin/src/features/users/user-page.tsx -> apps/admin/src/features/queues/review-queue.tsx',
        'admin-lib-imports-no-feature: apps/admin/src/lib/api.ts -> apps/admin/src/app/pages.ts',
        'client-is-transport-only: packages/client/src/client.ts -> apps/web/src/lib/storage.ts',
        'no-circular-imports: apps/server/src/modules/notify/index.ts -> apps/server/src/modules/users/index.ts',
      ].sort(),
    );
    expect(result.summary.error).toBe(12);
  });
});
