import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPg, type EmbeddedPg } from '../db/embedded-pg.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database on the test cluster from which each test file creates its own database. */
    pgAdminUrl: string;
  }
}

/** One PostgreSQL for the whole run: DATABASE_URL when set, else an embedded cluster in a temp dir. */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPg | undefined;
  let dir: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tp-server-test-'));
    embedded = await startEmbeddedPg(path.join(dir, 'pg'));
    url = embedded.adminUrl;
  }
  project.provide('pgAdminUrl', url);
  return async () => {
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}
