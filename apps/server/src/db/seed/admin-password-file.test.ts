import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../test/test-app.js';
import { seedIfEmpty } from './seed.js';

/** README: "its password is printed once and written to data/admin-password.txt". */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
const printed: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-seed-'));
  await seedIfEmpty(database.db, { adminEmail: 'admin@example.com', adminPassword: undefined, dataDir, log: (l) => printed.push(l) });
});
afterAll(async () => {
  await database.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the generated admin password', () => {
  it('is the one line of admin-password.txt, readable by the server user only, and printed once', async () => {
    const file = path.join(dataDir, 'admin-password.txt');
    const text = await fs.readFile(file, 'utf8');
    expect(text).toMatch(/^[A-Za-z0-9_-]{12,}\n$/);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(printed.filter((l) => l.includes(text.trim()))).toHaveLength(1);
  });
});
