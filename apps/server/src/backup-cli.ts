import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { BackupRefusal, createBackup, platformDatabase, restoreBackup } from './backup.js';

/*
 * `npm run backup [-- --out FILE|DIR]`: one archive of the platform of DATA_DIR (or DATABASE_URL),
 *   running or not; prints the archive's path (the only line on stdout).
 * `npm run restore -- FILE`: that archive into an empty DATA_DIR (or empty DATABASE_URL).
 * Progress goes to stderr; a refusal is one line on stderr and exit status 1.
 */

const log = (line: string) => process.stderr.write(`${line}\n`);

function stamp(d: Date): string {
  return d.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}

/** --out FILE, or a directory (existing, or ending in /) for the default name; default ./backups/. */
function archivePath(out: string | undefined, now: Date): string {
  const name = `tp-backup-${stamp(now)}.tar.gz`;
  if (out === undefined) return path.resolve('backups', name);
  return out.endsWith('/') || !/\.(tar\.gz|tgz)$/.test(out) ? path.resolve(out, name) : path.resolve(out);
}

async function backup(args: string[]): Promise<number> {
  const outAt = args.indexOf('--out');
  const out = outAt === -1 ? undefined : args[outAt + 1];
  if (outAt !== -1 && !out) throw new BackupRefusal('--out takes a file (.tar.gz) or a directory');
  const config = loadConfig();
  const file = archivePath(out, new Date());
  const database = await platformDatabase(config, { create: false });
  try {
    log(`backing up ${config.databaseUrl ? 'DATABASE_URL' : path.join(config.dataDir, 'pg')} and ${path.join(config.dataDir, 'uploads')}`);
    const manifest = await createBackup({ databaseUrl: database.url, dataDir: config.dataDir, file });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    log(`${manifest.tables.length} tables (${rows} rows) at schema ${manifest.schema_version}, ${manifest.uploads.length} uploads`);
    if (manifest.secret_key_sha256) log(`not in the archive, keep it apart: ${path.join(config.dataDir, 'secret-box.key')} (seals staff second factors)`);
  } finally {
    await database.close();
  }
  process.stdout.write(`${file}\n`);
  return 0;
}

async function restore(args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new BackupRefusal('name the archive: npm run restore -- FILE');
  const config = loadConfig();
  const database = await platformDatabase(config, { create: true });
  try {
    const { manifest, notes } = await restoreBackup({ file: path.resolve(file), databaseUrl: database.url, dataDir: config.dataDir });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    log(`restored ${manifest.tables.length} tables (${rows} rows) at schema ${manifest.schema_version} and ${manifest.uploads.length} uploads from ${file} (made ${manifest.created_at})`);
    for (const note of notes) log(`still to do: ${note}`);
    log('start the platform as usual: it migrates to its own latest schema; `npm run verify` checks the books');
  } finally {
    await database.close();
  }
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
const run = command === 'backup' ? backup(rest) : command === 'restore' ? restore(rest) : Promise.reject(new BackupRefusal('usage: backup-cli.ts backup [--out FILE|DIR] | restore FILE'));
run.then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof BackupRefusal || err instanceof ConfigError) {
      log(`${command ?? 'backup'}: ${err.message}`);
      process.exit(1);
    }
    log(`${command ?? 'backup'} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(2);
  },
);
