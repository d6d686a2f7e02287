import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/** The advisory lock that elects the engine process (two-int form: namespace, lock). */
export const ENGINE_LOCK = [0x7470, 1] as const;

/** Names this process in pg_stat_activity (host:pid), so any node can tell who holds the engine lock. */
export function processNodeName(): string {
  return `${os.hostname()}:${process.pid}`;
}

/** The application_name of the lock connection: the prefix marks it, the rest is the node. */
export const ENGINE_LOCK_APP_PREFIX = 'tp-engine-lock';

/** The PostgreSQL setting that carries the epoch on every connection of the engine's pool (migration 0029). */
export const ENGINE_EPOCH_SETTING = 'tp.engine_epoch';

/** SQLSTATE of a write refused because its epoch was replaced (migration 0029's fence trigger). */
export const DEPOSED_EPOCH_ERROR = 'TPF01';

export type LeaderRole = 'unknown' | 'leader' | 'follower';

export interface LeaderElectionOptions {
  databaseUrl: string;
  /** How often a follower tries to take the lock (and looks at the lease). */
  retryMs: number;
  /** How long a lease lasts unless renewed: a leader silent this long is taken over, even while it holds the lock. */
  leaseMs?: number;
  /** How often the leader renews its lease. */
  renewMs?: number;
  /** Called when this process wins; the engine starts here, writing with this epoch. */
  onElected: (epoch: string) => Promise<void>;
  /** Called when leadership is lost (connection died, lease taken over) or released on stop; the engine stops here. */
  onDeposed: () => Promise<void>;
  log?: (msg: string) => void;
  lock?: readonly [number, number];
}

/** Lease and renewal when not configured (ENGINE_LEASE_MS, ENGINE_LEASE_RENEW_MS). */
export const DEFAULT_LEASE_MS = 5_000;
export const DEFAULT_RENEW_MS = 1_000;
/** Where a leader that stops says so: standbys try the lock at once instead of at their next retry. */
const RELEASED_CHANNEL = 'tp_engine_released';
/** How long a takeover waits for the deposed leader's transactions in flight before ending them. */
export const FENCE_WAIT_MS = 500;
const TAKEOVER_TRIES = 5;

/** The lease as the database holds it: any node reads the same (/healthz, the dashboard). */
export interface EngineLease {
  epoch: string;
  holder: string;
  /** Milliseconds until it expires, by the database's clock; negative once expired. */
  expiresInMs: number;
}

export async function readEngineLease(db: Executor): Promise<EngineLease | undefined> {
  const { rows } = await sql<{ epoch: string; holder: string; expires_in_ms: number }>`
    SELECT epoch::text AS epoch, holder,
      greatest(-1e12, least(1e12, extract(epoch FROM (expires_at - now())) * 1000))::float8 AS expires_in_ms
    FROM engine_lease WHERE id = 1`.execute(db);
  const row = rows[0];
  return row ? { epoch: row.epoch, holder: row.holder, expiresInMs: Math.round(row.expires_in_ms) } : undefined;
}

/**
 * Exactly one process runs the engine, and a leader that stops answering is replaced.
 *
 * The leader holds a session-level PostgreSQL advisory lock on a dedicated connection (a crashed
 * leader's connection drops and frees it at once) AND a lease row it renews every `renewMs`. A
 * process that hangs with its connection open (SIGSTOP, a long pause) keeps the lock but stops
 * renewing: a follower that finds the lease expired on two checks in a row, with the same epoch,
 * ends the holder's lock connection (pg_terminate_backend) and takes over.
 *
 * Taking over raises the epoch in one transaction: the lease row, then the fence row that every
 * engine write checks (migration 0029). The fence update waits for the old leader's engine
 * transactions in flight, and ends them if they do not finish, so no write of the old epoch can
 * commit after the new one exists; a deposed leader that wakes writes nothing. A leader that
 * finds its lease renewal refused, or that was itself paused past its lease, steps down.
 */
export class LeaderElection {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private stopped = false;
  role: LeaderRole = 'unknown';
  /** The epoch this process leads with, while it leads. */
  epoch: string | undefined;
  /** When the lease was last renewed (performance.now()), while leading. */
  private renewedAt = 0;
  /** The expired lease a follower saw at its last check: seen twice with the same epoch, the holder hangs. */
  private expiredSeen: string | undefined;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  /** The engine's start (onElected) of the current leadership, while or once it runs. */
  private starting: Promise<void> = Promise.resolve();
  /** The epoch whose engine failed to start: the next check gives the leadership up. */
  private failedEpoch: string | undefined;

  constructor(private readonly opts: LeaderElectionOptions) {
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewMs = Math.min(opts.renewMs ?? DEFAULT_RENEW_MS, Math.floor(this.leaseMs / 2));
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.min(this.opts.retryMs, this.renewMs));
    // Elected at once: the engine runs when start() returns, as callers expect (renewing meanwhile).
    await this.starting;
  }

  private tick(): Promise<void> {
    this.busy ??= this.attempt().finally(() => {
      this.busy = undefined;
    });
    return this.busy;
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.opts.databaseUrl, application_name: `${ENGINE_LOCK_APP_PREFIX} ${processNodeName()}` });
        client.on('error', (err) => {
          this.opts.log?.(`engine lock connection: ${err.message}`);
          if (this.client === client) void this.lose();
        });
        await client.connect();
        // A leader stopping on purpose (SIGTERM, a deploy) notifies: take over now, not at the next retry.
        client.on('notification', () => {
          if (this.role !== 'leader' && !this.stopped) void (this.busy ?? Promise.resolve()).then(() => this.tick());
        });
        await client.query(`LISTEN ${RELEASED_CHANNEL}`);
        this.client = client;
      }
      if (this.role === 'leader') return this.failedEpoch === this.epoch ? await this.lose() : await this.renew(this.client);
      const [a, b] = this.opts.lock ?? ENGINE_LOCK;
      const { rows } = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [a, b]);
      if (rows[0]?.locked) return await this.takeOver(this.client);
      this.role = 'follower';
      await this.replaceIfHung(this.client, a, b);
    } catch (err) {
      this.opts.log?.(`engine lock: ${String(err)}`);
      await this.lose();
    }
  }

  /** The leader's renewal: refused once another epoch exists; skipped (step down) after a pause past the lease. */
  private async renew(client: pg.Client): Promise<void> {
    if (performance.now() - this.renewedAt > this.leaseMs) {
      this.opts.log?.(`engine lease not renewed for over ${this.leaseMs} ms (this process was paused): stepping down`);
      return this.lose();
    }
    const r = await client.query(`UPDATE engine_lease SET expires_at = now() + $2 * interval '1 millisecond' WHERE id = 1 AND epoch = $1`, [this.epoch, this.leaseMs]);
    if (r.rowCount === 0) {
      this.opts.log?.(`engine epoch ${this.epoch} was taken over by another process: stepping down`);
      return this.lose();
    }
    this.renewedAt = performance.now();
  }

  /** With the lock held: raise the epoch in the lease and the fence, ending the old epoch's writes in flight. */
  private async takeOver(client: pg.Client): Promise<void> {
    let epoch: string | undefined;
    for (let attempt = 1; attempt <= TAKEOVER_TRIES && epoch === undefined; attempt++) {
      try {
        await client.query('BEGIN');
        const lease = await client.query<{ epoch: string }>(
          `UPDATE engine_lease SET epoch = epoch + 1, holder = $1, expires_at = now() + $2 * interval '1 millisecond', acquired_at = now() WHERE id = 1 RETURNING epoch::text`,
          [processNodeName(), this.leaseMs],
        );
        await client.query(`SET LOCAL lock_timeout = '${FENCE_WAIT_MS}ms'`);
        await client.query('UPDATE engine_fence SET epoch = $1 WHERE id = 1', [lease.rows[0]!.epoch]);
        await client.query('COMMIT');
        epoch = lease.rows[0]!.epoch;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        if ((err as { code?: string }).code !== '55P03') throw err;
        // The deposed leader's transactions hold the fence (it hangs mid-write): end them.
        const ended = await client.query(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE relation = 'engine_fence'::regclass AND pid <> pg_backend_pid()`);
        this.opts.log?.(`engine takeover: ended ${ended.rowCount ?? 0} transactions of the previous leader`);
      }
    }
    if (epoch === undefined) throw new Error('engine takeover: the previous leader\'s writes did not end');
    this.role = 'leader';
    this.epoch = epoch;
    this.renewedAt = performance.now();
    this.expiredSeen = undefined;
    this.opts.log?.(`this process runs the market engine (epoch ${epoch})`);
    // The engine starts beside the renewals, not in their way: a start longer than the lease (a
    // first start generating a day of history, 10^6 positions to index) would otherwise let the
    // lease lapse, and the leader would step down - or be replaced - after every start. A start
    // that fails gives the lock back at the next check (attempt), in the one chain of lock work,
    // so another process can try.
    this.starting = this.opts.onElected(epoch).catch((err: unknown) => {
      this.opts.log?.(`engine failed to start: ${String(err)}`);
      this.failedEpoch = epoch;
    });
  }

  /**
   * A follower's look at the lease: expired on two checks in a row with the same epoch means the
   * holder keeps its lock but no longer runs. Its lock connection is ended, and the lock is tried
   * again at once. (A single sighting is not enough: a new leader has the lock a moment before
   * it writes its lease.)
   */
  private async replaceIfHung(client: pg.Client, a: number, b: number): Promise<void> {
    const { rows } = await client.query<{ epoch: string; expired: boolean }>('SELECT epoch::text AS epoch, expires_at < now() AS expired FROM engine_lease WHERE id = 1');
    const lease = rows[0];
    if (!lease?.expired) {
      this.expiredSeen = undefined;
      return;
    }
    if (this.expiredSeen !== lease.epoch) {
      this.expiredSeen = lease.epoch;
      return;
    }
    const ended = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted AND pid <> pg_backend_pid()`,
      [a, b],
    );
    this.opts.log?.(`engine lease of epoch ${lease.epoch} expired: ended the holder's lock connection (${ended.rowCount ?? 0})`);
    this.expiredSeen = undefined;
    const retry = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [a, b]);
    if (retry.rows[0]?.locked) await this.takeOver(client);
  }

  /**
   * Leadership is gone with the lock or the lease: stop the engine, drop the connection, retry
   * later. On a stop of its own (graceful: the engine has stopped and flushed), the leader also
   * ends its lease, releases the lock and notifies the standbys, so one takes over at once.
   */
  private async lose(): Promise<void> {
    const wasLeader = this.role === 'leader';
    const epoch = this.epoch;
    const client = this.client;
    this.client = undefined;
    this.role = this.stopped ? 'unknown' : 'follower';
    this.epoch = undefined;
    // An engine still starting is let finish before it is stopped (stopping it halfway would leave
    // what the rest of its start opens).
    if (wasLeader) await this.starting;
    if (wasLeader) await this.opts.onDeposed().catch(() => undefined);
    if (wasLeader && this.stopped && client && epoch !== undefined) await this.release(client, epoch).catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  /** Ends the lease of this epoch, unlocks, then tells the standbys (in this order: the lock is free when they hear it). */
  private async release(client: pg.Client, epoch: string): Promise<void> {
    const [a, b] = this.opts.lock ?? ENGINE_LOCK;
    await client.query('UPDATE engine_lease SET expires_at = now() WHERE id = 1 AND epoch = $1', [epoch]);
    await client.query('SELECT pg_advisory_unlock($1, $2)', [a, b]);
    await client.query('SELECT pg_notify($1, $2)', [RELEASED_CHANNEL, epoch]);
  }

  /** Stops the engine (final flush) and then releases the lock by closing its connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.busy;
    await this.lose();
    this.role = 'unknown';
  }
}
