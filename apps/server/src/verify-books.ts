import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config.js';
import { createDb, type Db } from './db/database.js';
import { passwordFileOf, startEmbeddedPg, type EmbeddedPg } from './db/embedded-pg.js';
import { MODULES, holdSourcesOf } from './modules.js';
import { verifyHolds, verifyLedger, type HoldViolation, type LedgerViolation } from './modules/ledger/index.js';

/**
 * The books check an operator runs against a live or stopped platform (`npm run verify`), the same
 * two checks every API test ends with: every balance re-derives from the postings and every
 * transaction sums to zero; and every held amount equals what the rows behind it hold (running
 * options, open and pending orders, pending withdrawals, fund subscriptions).
 */
export async function checkBooks(db: Db): Promise<(LedgerViolation | HoldViolation)[]> {
  return [...(await verifyLedger(db)), ...(await verifyHolds(db, holdSourcesOf(MODULES)))];
}

/** The embedded cluster of DATA_DIR/pg when its postmaster runs (a server is up): its port is line 4 of postmaster.pid. */
export function runningEmbeddedUrl(pgDir: string): string | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const password = readFileSync(passwordFileOf(pgDir), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** DATABASE_URL, else the embedded database of DATA_DIR: the running one, or started for the check and stopped after. */
export async function booksCli(): Promise<number> {
  const config = loadConfig();
  let embedded: EmbeddedPg | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const pgDir = path.join(config.dataDir, 'pg');
    url = runningEmbeddedUrl(pgDir);
    if (!url) {
      if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
        process.stderr.write(`no database in ${pgDir}: set DATA_DIR or DATABASE_URL\n`);
        return 2;
      }
      embedded = await startEmbeddedPg(pgDir);
      url = embedded.adminUrl;
    }
  }
  const db = createDb(url, 2);
  try {
    const violations = await checkBooks(db);
    for (const v of violations) process.stdout.write(`FAIL ${JSON.stringify(v)}\n`);
    process.stdout.write(violations.length === 0 ? 'the books are exact: balances re-derive from the postings and every hold has its reason\n' : `${violations.length} violations\n`);
    return violations.length === 0 ? 0 : 1;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  booksCli().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(2);
    },
  );
}
