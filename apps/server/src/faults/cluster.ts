/**
 * The pieces of the cluster fault test: three server processes on one PostgreSQL and one Redis
 * that the test owns (so it can kill and restart them), HTTP with the web app's retry rule, and
 * websocket watchers that reconnect as the web app does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { WS_CLOSE_SERVICE_RESTART, WS_RESTART_RECONNECT_JITTER_MS } from '@tp/contracts';
import { startEmbeddedPg, type EmbeddedPg } from '../db/embedded-pg.js';
import { sleep, until } from '../test/wait.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../../..');

/** Polls until `cond` holds; throws naming `what` after `timeoutMs`; resolves with the time it took. */
export function waitFor(what: string, cond: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number> {
  return until(cond, timeoutMs, what, everyMs);
}

// ------------------------------------------------------------------------------ PostgreSQL

/** The embedded PostgreSQL on a fixed port, so it can be restarted under the running servers. */
export class OwnPostgres {
  private pg: EmbeddedPg | undefined;
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}
  async start(): Promise<EmbeddedPg> {
    this.pg = await startEmbeddedPg(this.dir, () => undefined, { port: this.port });
    return this.pg;
  }
  /** Fast shutdown (SIGINT): open transactions are rolled back, clients are disconnected. */
  async stop(): Promise<void> {
    const pg = this.pg;
    this.pg = undefined;
    await pg?.stop();
  }
}



// ------------------------------------------------------------------------------ server processes

export interface NodeSettings {
  databaseUrl: string;
  redisUrl: string;
  channel: string;
  adminEmail: string;
  adminPassword: string;
  leaseMs: number;
  renewMs: number;
}

/** One server process (`node apps/server/src/main.ts`) on a fixed port and its own DATA_DIR. */
export class ServerNode {
  proc: ChildProcess | undefined;
  /** The last lines it wrote (stdout and stderr), for a failure's report. */
  readonly output: string[] = [];
  starts = 0;
  constructor(
    readonly index: number,
    readonly port: number,
    readonly dataDir: string,
    private readonly settings: NodeSettings,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get pid(): number | undefined {
    return this.proc?.exitCode === null ? this.proc.pid : undefined;
  }
  alive(): boolean {
    return this.proc !== undefined && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async start(timeoutMs = 120_000): Promise<number> {
    const s = this.settings;
    const env = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      DATABASE_URL: s.databaseUrl,
      REDIS_URL: s.redisUrl,
      REDIS_BUS_CHANNEL: s.channel,
      ADMIN_EMAIL: s.adminEmail,
      ADMIN_PASSWORD: s.adminPassword,
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
      TRUST_PROXY: '1',
      HISTORY_BARS: '30',
      ENGINE_LEASE_MS: String(s.leaseMs),
      ENGINE_LEASE_RENEW_MS: String(s.renewMs),
      LEADER_RETRY_MS: String(s.renewMs),
      WEB_DIST_DIR: path.join(this.dataDir, 'no-web'),
      ADMIN_DIST_DIR: path.join(this.dataDir, 'no-admin'),
      ACCOUNT_IP_LIMIT_PER_MINUTE: '100000',
      UPLOADS_PER_HOUR: '100000',
    };
    const t0 = Date.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    this.starts += 1;
    // FAULTS_LOG_DIR: every line each node writes, kept in node<i>.log there (to study a run).
    const logDir = process.env.FAULTS_LOG_DIR;
    const keep = (d: Buffer) => {
      if (logDir) appendFileSync(path.join(logDir, `node${this.index}.log`), d);
      for (const line of d.toString().split('\n')) if (line.trim()) this.output.push(`[node ${this.index}] ${line.slice(0, 400)}`);
      if (this.output.length > 300) this.output.splice(0, this.output.length - 300);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    await waitFor(
      `node ${this.index} ready`,
      async () => {
        if (proc.exitCode !== null) throw new Error(`node ${this.index} exited during start (${proc.exitCode}):\n${this.output.slice(-20).join('\n')}`);
        return (await readyz(this)) === 200;
      },
      timeoutMs,
    );
    return Date.now() - t0;
  }

  /** Stopped with SIGSTOP and not yet continued: it answers nothing. */
  paused = false;

  signal(sig: NodeJS.Signals): void {
    if (sig === 'SIGSTOP') this.paused = true;
    if (sig === 'SIGCONT') this.paused = false;
    this.proc?.kill(sig);
  }

  async exited(timeoutMs = 30_000): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await Promise.race([
      new Promise((r) => proc.once('exit', r)),
      sleep(timeoutMs).then(() => {
        throw new Error(`node ${this.index} did not exit within ${timeoutMs} ms`);
      }),
    ]);
  }

  /** SIGKILL, for a run that ended early: nothing may outlive the test. */
  killNow(): void {
    if (this.alive()) {
      this.proc?.kill('SIGCONT');
      this.proc?.kill('SIGKILL');
    }
  }
}

async function readyz(node: ServerNode): Promise<number | undefined> {
  try {
    const res = await fetch(`${node.base}/readyz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

export async function healthz(node: ServerNode): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  try {
    const res = await fetch(`${node.base}/healthz`, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------ HTTP as the web app does it

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  error?: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Idempotency-Key: a retry after a lost answer is the same request. */
  key?: string;
  headers?: Record<string, string>;
  raw?: Buffer;
  contentType?: string;
}

export interface HttpStats {
  /** Attempts that got no envelope: connection refused or reset, 5xx, timeout. */
  unanswered: number;
  /** Of those, 503 answers (a node without its database, or draining). */
  unavailable: number;
}

/** One attempt: the envelope, or undefined when no answer came (network error, 5xx, timeout). */
export async function attempt<T>(node: ServerNode, method: string, url: string, opts: CallOptions, stats: HttpStats): Promise<Envelope<T> | undefined> {
  const headers: Record<string, string> = { lang: 'en', ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  if (opts.key) headers['idempotency-key'] = opts.key;
  let body: string | Uint8Array | undefined = opts.raw ? new Uint8Array(opts.raw) : undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  } else if (opts.contentType) headers['content-type'] = opts.contentType;
  try {
    const res = await fetch(`${node.base}${url}`, { method, headers, body, signal: AbortSignal.timeout(10_000) });
    if (res.status >= 500) {
      stats.unanswered += 1;
      if (res.status === 503) stats.unavailable += 1;
      await res.arrayBuffer().catch(() => undefined);
      return undefined;
    }
    return (await res.json()) as Envelope<T>;
  } catch {
    stats.unanswered += 1;
    return undefined;
  }
}

// ------------------------------------------------------------------------------ websocket watchers

/**
 * A phone watching DAY_MARKET: it reconnects as the web app's client does (at once within the
 * jitter after "service restart", else after a short wait), to its home node when that answers,
 * otherwise to the next one, as a balancer would send it. It keeps the time of every push.
 */
export class Watcher {
  private ws: WebSocket | undefined;
  private stopped = false;
  readonly pushes: number[] = [];
  reconnects = 0;
  connectedTo: number | undefined;
  subscribed = false;
  private target: number;
  constructor(
    readonly home: number,
    private readonly nodes: readonly ServerNode[],
  ) {
    this.target = home;
  }

  start(): void {
    this.open();
  }

  private open(): void {
    if (this.stopped) return;
    const node = this.nodes[this.target]!;
    const ws = new WebSocket(`ws://127.0.0.1:${node.port}/v2/ws`);
    this.ws = ws;
    let opened = false;
    ws.on('open', () => {
      opened = true;
      this.connectedTo = node.index;
      ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    });
    ws.on('message', (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return;
      }
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        const type = (m as { type?: unknown }).type;
        if (type === 'sub_result') this.subscribed = (m as { code?: unknown }).code === 1;
        if (type === 'DAY_MARKET') this.pushes.push(Date.now());
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.connectedTo = undefined;
      this.subscribed = false;
      if (this.stopped) return;
      this.reconnects += 1;
      // Home again when it answers; after a failed attempt, the next node.
      this.target = opened ? this.home : (this.target + 1) % this.nodes.length;
      const delay = code === WS_CLOSE_SERVICE_RESTART ? Math.random() * WS_RESTART_RECONNECT_JITTER_MS : 300;
      setTimeout(() => this.open(), delay);
    });
  }

  /** The last push is at most `ms` old. */
  flowing(ms = 1500): boolean {
    const last = this.pushes.at(-1);
    return this.subscribed && last !== undefined && Date.now() - last <= ms;
  }

  stop(): void {
    this.stopped = true;
    this.ws?.terminate();
  }
}

/** The longest interval without a push to any watcher, between `from` and `to`. */
export function longestGap(watchers: readonly Watcher[], from: number, to: number): number {
  const times = watchers
    .flatMap((w) => w.pushes)
    .filter((t) => t >= from && t <= to)
    .sort((a, b) => a - b);
  let gap = times.length === 0 ? to - from : Math.max(times[0]! - from, to - times.at(-1)!);
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i]! - times[i - 1]!);
  return gap;
}

/** A fresh socket on `node`: milliseconds until its first DAY_MARKET push. */
export async function probePrices(node: ServerNode, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${node.port}/v2/ws`);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`node ${node.index}: no price pushed within ${timeoutMs} ms`));
    }, timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' })));
    ws.on('message', (data) => {
      if (!data.toString().includes('"DAY_MARKET"')) return;
      clearTimeout(timer);
      ws.terminate();
      resolve(Date.now() - t0);
    });
    ws.on('error', () => undefined);
  });
}
