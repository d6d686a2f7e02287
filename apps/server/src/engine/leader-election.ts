import os from 'node:os';
import pg from 'pg';

/** The advisory lock that elects the engine process (two-int form: namespace, lock). */
export const ENGINE_LOCK = [0x7470, 1] as const;

/** Names this process in pg_stat_activity (host:pid), so any node can tell who holds the engine lock. */
export function processNodeName(): string {
  return `${os.hostname()}:${process.pid}`;
}

/** The application_name of the lock connection: the prefix marks it, the rest is the node. */
export const ENGINE_LOCK_APP_PREFIX = 'tp-engine-lock';

export type LeaderRole = 'unknown' | 'leader' | 'follower';

export interface LeaderElectionOptions {
  databaseUrl: string;
  retryMs: number;
  /** Called when this process wins the lock; the engine starts here. */
  onElected: () => Promise<void>;
  /** Called when the lock is lost (connection died) or released on stop; the engine stops here. */
  onDeposed: () => Promise<void>;
  log?: (msg: string) => void;
  lock?: readonly [number, number];
}

/**
 * Exactly one process runs the engine: the one holding a session-level PostgreSQL advisory lock
 * on a dedicated connection. The lock lives exactly as long as that connection, so a crashed
 * leader releases it without any cleanup; the others try again every `retryMs` and the first to
 * succeed takes over. While leading, the connection is checked every `retryMs` too: if it is gone,
 * so is the lock, and the engine must stop before another process starts one.
 */
export class LeaderElection {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private stopped = false;
  role: LeaderRole = 'unknown';

  constructor(private readonly opts: LeaderElectionOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.opts.retryMs);
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
        this.client = client;
      }
      if (this.role === 'leader') {
        await this.client.query('SELECT 1');
        return;
      }
      const [a, b] = this.opts.lock ?? ENGINE_LOCK;
      const { rows } = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [a, b]);
      if (rows[0]?.locked) {
        this.role = 'leader';
        this.opts.log?.('this process runs the market engine');
        try {
          await this.opts.onElected();
        } catch (err) {
          // Could not start: give the lock back so another process can try.
          this.opts.log?.(`engine failed to start: ${String(err)}`);
          await this.lose();
        }
      } else {
        this.role = 'follower';
      }
    } catch (err) {
      this.opts.log?.(`engine lock: ${String(err)}`);
      await this.lose();
    }
  }

  /** The lock is gone with its connection: stop the engine, drop the connection, retry later. */
  private async lose(): Promise<void> {
    const wasLeader = this.role === 'leader';
    const client = this.client;
    this.client = undefined;
    this.role = this.stopped ? 'unknown' : 'follower';
    if (wasLeader) await this.opts.onDeposed().catch(() => undefined);
    await client?.end().catch(() => undefined);
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
