import crypto from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Migrator } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import type { Config } from './config.js';
import { createDb } from './db/database.js';
import { startEmbeddedPg, type EmbeddedPg } from './db/embedded-pg.js';
import { MIGRATIONS } from './db/migrate.js';
import { uploadsDir } from './modules/uploads/index.js';
import { runningEmbeddedUrl } from './verify-books.js';

/*
 * Backup and restore of a platform: the database (every table of schema public, as COPY text, from
 * one REPEATABLE READ READ ONLY transaction, so the tables agree with each other to the
 * transaction while the platform keeps running) and the uploaded images, in one .tar.gz with a
 * manifest (schema version, row counts, checksums). The embedded PostgreSQL 17 ships no pg_dump and
 * Debian's is older, so COPY it is; the schema itself is not archived but rebuilt by this code's
 * migrations up to the archive's version, which is what a restore runs before loading the rows.
 */

export const ARCHIVE_FORMAT = 'tp-backup/1';
/** Kysely's own bookkeeping: a restore's migrations write these, the archive names the version. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** The key that seals staff TOTP secrets (lib/secret-box.ts): kept apart from the database on purpose. */
const SECRET_KEY_FILE = 'secret-box.key';

export interface TableEntry {
  name: string;
  /** The columns in the order of the COPY data (generated columns are left out and recomputed). */
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

export interface FileEntry {
  /** Path under the uploads directory, with forward slashes. */
  name: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  created_at: string;
  /** The last migration the database had run: a restore migrates to exactly this one. */
  schema_version: string;
  postgres_version: string;
  tables: TableEntry[];
  /** Each sequence's value when the snapshot was taken (null: never used). */
  sequences: { name: string; last_value: string | null }[];
  uploads: FileEntry[];
  /** sha256 of DATA_DIR/secret-box.key (not the key, which the archive does not hold), or null. */
  secret_key_sha256: string | null;
}

/** A refusal of the backup or restore tool: said to the operator as it is, exit status 1. */
export class BackupRefusal extends Error {}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Passes bytes through while hashing them and counting lines (one per row in COPY text format). */
function measuring(): Transform & { result(): { sha256: string; bytes: number; lines: number } } {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  let lines = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      done(null, chunk);
    },
  });
  return Object.assign(t, { result: () => ({ sha256: hash.digest('hex'), bytes, lines }) });
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `dir` (relative, forward slashes); none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The database of a platform: DATABASE_URL; else the embedded cluster of DATA_DIR - the running
 * one (a server is up: its port is in postmaster.pid), or started here and stopped by `close`.
 * `create`: start a cluster even where DATA_DIR has none yet (a restore into a new DATA_DIR).
 */
export async function platformDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, opts: { create: boolean }): Promise<{ url: string; close(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined };
  const pgDir = path.join(config.dataDir, 'pg');
  const running = runningEmbeddedUrl(pgDir);
  if (running) return { url: running, close: async () => undefined };
  if (!opts.create && !existsSync(path.join(pgDir, 'PG_VERSION'))) throw new BackupRefusal(`no database in ${pgDir}: set DATA_DIR to a platform's data directory, or DATABASE_URL`);
  const embedded: EmbeddedPg = await startEmbeddedPg(pgDir);
  return { url: embedded.adminUrl, close: () => embedded.stop() };
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

export interface BackupOptions {
  databaseUrl: string;
  /** The platform's DATA_DIR: its uploads are archived (and its secret key's fingerprint noted). */
  dataDir: string;
  /** The archive to write (a .tar.gz); written beside as `.partial` and renamed when complete. */
  file: string;
  /** Called with the snapshot's id while the snapshot is held (tests read the same snapshot). */
  onSnapshot?: (snapshotId: string) => Promise<void>;
}

/** Writes one archive of the database (a consistent snapshot) and the uploads; answers its manifest. */
export async function createBackup(opts: BackupOptions): Promise<Manifest> {
  await fs.mkdir(path.dirname(opts.file), { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(opts.file), '.backup-'));
  try {
    const client = await connect(opts.databaseUrl);
    let database: Pick<Manifest, 'schema_version' | 'postgres_version' | 'tables' | 'sequences'>;
    try {
      database = await copyOut(client, staging, opts.onSnapshot);
    } finally {
      await client.end().catch(() => undefined);
    }
    // Listed after the snapshot: every upload a row of the snapshot names was written before its
    // row committed (uploads.service.ts), so it is here; a newer file without a row does no harm.
    const uploadsRoot = uploadsDir(opts.dataDir);
    const uploads: FileEntry[] = [];
    for (const name of await filesUnder(uploadsRoot)) {
      const file = path.join(uploadsRoot, name);
      uploads.push({ name, bytes: (await fs.stat(file)).size, sha256: await sha256OfFile(file) });
    }
    const keyFile = path.join(opts.dataDir, SECRET_KEY_FILE);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      created_at: new Date().toISOString(),
      ...database,
      uploads,
      secret_key_sha256: existsSync(keyFile) ? await sha256OfFile(keyFile) : null,
    };
    await writeArchive(opts.file, staging, uploadsRoot, manifest);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** The COPY of every table, the schema version and the sequences, in one read-only snapshot. */
async function copyOut(client: pg.Client, staging: string, onSnapshot: BackupOptions['onSnapshot']) {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows: versionRows } = await client.query<{ name: string }>(`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`).catch(() => ({ rows: [] as { name: string }[] }));
    const schemaVersion = versionRows[0]?.name;
    if (!schemaVersion) throw new BackupRefusal('the database has no migrations: it is not a platform database (or an empty one)');
    const { rows: pgVersion } = await client.query<{ server_version: string }>('SHOW server_version');
    const { rows: snapshot } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    await onSnapshot?.(snapshot[0]!.id);
    const { rows: tableRows } = await client.query<{ name: string; kind: string; columns: string[] }>(
      `SELECT c.relname AS name, c.relkind AS kind,
              array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        GROUP BY c.relname, c.relkind ORDER BY c.relname`,
    );
    const tables: TableEntry[] = [];
    for (const t of tableRows.filter((r) => !MIGRATION_TABLES.has(r.name))) {
      const cols = t.columns.map(quoteIdent).join(', ');
      // A partitioned table is copied through a query (COPY TO takes no partitioned table).
      const source = t.kind === 'p' ? `(SELECT ${cols} FROM ${quoteIdent(t.name)})` : `${quoteIdent(t.name)} (${cols})`;
      const meter = measuring();
      await pipeline(client.query(copyTo(`COPY ${source} TO STDOUT`)), meter, createWriteStream(path.join(staging, `${t.name}.copy`)));
      const { sha256, bytes, lines } = meter.result();
      tables.push({ name: t.name, columns: t.columns, rows: lines, bytes, sha256 });
    }
    const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
      `SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
    );
    await client.query('COMMIT');
    return { schema_version: schemaVersion, postgres_version: pgVersion[0]!.server_version, tables, sequences };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

async function writeArchive(file: string, staging: string, uploadsRoot: string, manifest: Manifest): Promise<void> {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  // Owner-only: the archive holds every user's data (password hashes, addresses, identity papers).
  const written = pipeline(pack, zlib.createGzip(), createWriteStream(partial, { mode: 0o600 }));
  const add = (name: string, size: number, body: Readable | Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (Buffer.isBuffer(body)) {
        pack.entry({ name, size, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve()));
        return;
      }
      const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
      body.on('error', reject);
      body.pipe(entry);
    });
  try {
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await add('manifest.json', manifestBytes.length, manifestBytes);
    for (const t of manifest.tables) await add(`tables/${t.name}.copy`, t.bytes, createReadStream(path.join(staging, `${t.name}.copy`)));
    for (const u of manifest.uploads) await add(`uploads/${u.name}`, u.bytes, createReadStream(path.join(uploadsRoot, u.name)));
    pack.finalize();
    await written;
    await fs.rename(partial, file);
  } catch (err) {
    pack.destroy();
    await written.catch(() => undefined);
    await fs.rm(partial, { force: true });
    throw err;
  }
}

/** A name from an archive that stays inside the folder it is unpacked into. */
function safeEntryName(name: string): string {
  const normal = path.posix.normalize(name);
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../') || normal.includes('\0')) throw new BackupRefusal(`the archive holds an unsafe path: ${name}`);
  return normal;
}

/** Unpacks the archive into `dir` and checks it against its manifest: every table and upload, by size and checksum. */
async function unpack(file: string, dir: string): Promise<Manifest> {
  const sums = new Map<string, { sha256: string; bytes: number }>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    let name: string;
    try {
      name = safeEntryName(header.name);
    } catch (err) {
      stream.resume();
      next(err as Error);
      return;
    }
    if (header.type !== 'file') {
      stream.resume();
      stream.on('end', () => next());
      return;
    }
    const target = path.join(dir, name);
    const meter = measuring();
    fs.mkdir(path.dirname(target), { recursive: true })
      .then(() => pipeline(stream, meter, createWriteStream(target)))
      .then(() => {
        const { sha256, bytes } = meter.result();
        sums.set(name, { sha256, bytes });
        next();
      }, next);
  });
  try {
    await pipeline(createReadStream(file), zlib.createGunzip(), extract);
  } catch (err) {
    if (err instanceof BackupRefusal) throw err;
    throw new BackupRefusal(`${file} is not a readable backup archive (${(err as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupRefusal(`${file} holds no manifest.json: it is not a backup archive`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new BackupRefusal(`${file} is a backup of format ${String(manifest.format)}; this version reads ${ARCHIVE_FORMAT}`);
  const expected = [...manifest.tables.map((t) => [`tables/${t.name}.copy`, t] as const), ...manifest.uploads.map((u) => [`uploads/${safeEntryName(u.name)}`, u] as const)];
  for (const [name, want] of expected) {
    const got = sums.get(name);
    if (!got || got.sha256 !== want.sha256 || got.bytes !== want.bytes) throw new BackupRefusal(`the archive is damaged: ${name} ${got ? 'does not match its checksum' : 'is missing'}`);
  }
  return manifest;
}

export interface RestoreOptions {
  file: string;
  databaseUrl: string;
  /** DATA_DIR of the restored platform: the uploads go to its uploads directory. */
  dataDir: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What the operator must still do (a secret key to copy), said after the restore. */
  notes: string[];
}

/**
 * Restores an archive into an empty database and an empty uploads directory: checks the archive,
 * refuses a non-empty target before changing anything, migrates to the archive's schema version,
 * loads every table in one transaction (triggers and foreign keys off while loading, as the rows
 * were consistent when copied), sets every sequence to its archived value, then puts the uploads
 * back. A failed load rolls back whole; the migrated empty schema stays, so run it again into a
 * fresh target.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const staging = await fs.mkdtemp(path.join(path.dirname(path.resolve(opts.file)), '.restore-'));
  try {
    const manifest = await unpack(opts.file, staging);
    if (!(manifest.schema_version in MIGRATIONS)) {
      throw new BackupRefusal(`the archive's schema version ${manifest.schema_version} is unknown to this version of the platform: restore it with the version that made it (or a newer one)`);
    }
    const uploadsRoot = uploadsDir(opts.dataDir);
    const existingUploads = await filesUnder(uploadsRoot);
    const client = await connect(opts.databaseUrl);
    try {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')`);
      const tablesThere = Number(rows[0]!.n);
      if (tablesThere > 0 || existingUploads.length > 0) {
        const what = [...(tablesThere > 0 ? [`the database already has ${tablesThere} tables`] : []), ...(existingUploads.length > 0 ? [`${uploadsRoot} already holds ${existingUploads.length} files`] : [])];
        throw new BackupRefusal(`refusing to restore into a platform that is not empty: ${what.join(' and ')}. Restore into a new DATA_DIR or an empty database.`);
      }
      await migrateTo(opts.databaseUrl, manifest.schema_version);
      await loadTables(client, staging, manifest);
    } finally {
      await client.end().catch(() => undefined);
    }
    for (const u of manifest.uploads) {
      const target = path.join(uploadsRoot, u.name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(path.join(staging, 'uploads', u.name), target);
      await fs.chmod(target, 0o640);
    }
    return { manifest, notes: await secretKeyNotes(opts.dataDir, manifest) };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function migrateTo(databaseUrl: string, version: string): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    const { error, results } = await migrator.migrateTo(version);
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  } finally {
    await db.destroy();
  }
}

async function loadTables(client: pg.Client, staging: string, manifest: Manifest): Promise<void> {
  await client.query('BEGIN');
  try {
    // Replica mode: no triggers (the ledger's append-only guard, the engine's epoch fence) and no
    // foreign-key checks while the rows go in, in any order. Needs a superuser or a role granted
    // SET on session_replication_role.
    await client.query('SET LOCAL session_replication_role = replica');
    // Migrations may have seeded rows; the archive's rows replace them.
    if (manifest.tables.length > 0) await client.query(`TRUNCATE ${manifest.tables.map((t) => quoteIdent(t.name)).join(', ')}`);
    for (const t of manifest.tables) {
      const load = client.query(copyFrom(`COPY ${quoteIdent(t.name)} (${t.columns.map(quoteIdent).join(', ')}) FROM STDIN`));
      await pipeline(createReadStream(path.join(staging, 'tables', `${t.name}.copy`)), load);
      if (load.rowCount !== t.rows) throw new Error(`${t.name}: loaded ${load.rowCount} rows, the archive has ${t.rows}`);
    }
    for (const s of manifest.sequences) {
      const seq = quoteIdent(s.name);
      if (s.last_value === null) await client.query(`ALTER SEQUENCE ${seq} RESTART`);
      else await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [seq, s.last_value]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** Staff TOTP secrets are sealed with DATA_DIR/secret-box.key, which a backup leaves out on purpose. */
async function secretKeyNotes(dataDir: string, manifest: Manifest): Promise<string[]> {
  if (manifest.secret_key_sha256 === null) return [];
  const keyFile = path.join(dataDir, SECRET_KEY_FILE);
  const here = existsSync(keyFile) ? await sha256OfFile(keyFile) : null;
  if (here === manifest.secret_key_sha256) return [];
  return [
    `copy ${SECRET_KEY_FILE} from the backed-up DATA_DIR into ${dataDir} (mode 0600) before starting: staff second factors are sealed with it, and the archive does not hold it (sha256 ${manifest.secret_key_sha256})`,
  ];
}
