import type { Config } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import { watchEngineEpoch, watchEngineRole } from '../lib/metrics.js';
import { DayWindows } from './day-windows.js';
import { ENGINE_EPOCH_SETTING, LeaderElection } from './leader-election.js';
import type { EngineLog } from './engine-log.js';
import { MarketEngine, type MarketEngineOptions } from './market-engine.js';
import type { TickConsumerFactory } from './tick-consumer.js';
import type { EventConsumer, MailSender } from './event-consumer.js';
import type { ScheduledJob } from './scheduled-job.js';

export interface MarketRuntimeOptions {
  databaseUrl: string;
  bus: Bus;
  config: Config;
  log: EngineLog;
  /** What acts on committed ticks on the leader: the modules' consumers, from the composition root. */
  tickConsumers?: readonly TickConsumerFactory[];
  /** The modules' scheduled jobs and outbox event consumers: they run on the leader too. */
  jobs?: readonly ScheduledJob[];
  eventConsumers?: readonly EventConsumer[];
  /** The e-mail sender of the event consumers. */
  mail?: MailSender;
  engine?: Partial<MarketEngineOptions>;
}

const WARM_EVERY_MS = 30_000;

/** Connections of the engine's own pool: the feed's flushes, settlements, jobs and relay share it. */
const ENGINE_POOL_SIZE = 8;

/**
 * The engine as a process runs it: leader election decides whether this process runs the market
 * engine; if not, it serves HTTP and websockets from the bus. `ready()` is what /healthz reports.
 *
 * The engine writes through a pool of its own whose connections carry the epoch it was elected
 * with: once another process takes over, the database refuses every write of this one (the fence
 * of migration 0029), whatever it still had in flight.
 */
export class MarketRuntime {
  readonly election: LeaderElection;
  engine: MarketEngine | undefined;
  private engineDb: Db | undefined;
  /** The day's minutes, kept warm while this process stands by (see DayWindows). */
  private readonly dayWindows: DayWindows;
  private warmDb: Db | undefined;
  private warmTimer: NodeJS.Timeout | undefined;
  /** Removes this runtime's role and epoch from /metrics once it stops. */
  private unwatch: (() => void)[] = [];

  constructor(private readonly opts: MarketRuntimeOptions) {
    this.dayWindows = new DayWindows(opts.engine?.now);
    this.election = new LeaderElection({
      databaseUrl: opts.databaseUrl,
      retryMs: opts.config.market.leaderRetryMs,
      leaseMs: opts.config.market.leaseMs,
      renewMs: opts.config.market.leaseRenewMs,
      log: (m) => opts.log.info(m),
      onElected: async (epoch) => {
        const engineDb = createDb(opts.databaseUrl, ENGINE_POOL_SIZE, { [ENGINE_EPOCH_SETTING]: epoch }, 'engine');
        this.engineDb = engineDb;
        const engine = new MarketEngine({
          db: engineDb,
          bus: opts.bus,
          config: opts.config.market,
          log: opts.log,
          consumers: opts.tickConsumers,
          jobs: opts.jobs,
          eventConsumers: opts.eventConsumers,
          mail: opts.mail,
          dataDir: opts.config.dataDir,
          databaseUrl: opts.databaseUrl,
          dayWindows: this.dayWindows,
          ...opts.engine,
        });
        this.engine = engine;
        try {
          await engine.start();
        } catch (err) {
          this.engine = undefined;
          await engine.stop().catch(() => undefined);
          await this.closeEngineDb();
          throw err;
        }
      },
      onDeposed: async () => {
        const engine = this.engine;
        this.engine = undefined;
        await engine?.stop().catch((err: unknown) => opts.log.warn(`engine stop: ${String(err)}`));
        await this.closeEngineDb();
      },
    });
  }

  async start(): Promise<void> {
    const election = this.election;
    this.unwatch = [
      watchEngineRole(() => (['leader', 'follower', 'unknown'] as const).map((role) => [{ role }, election.role === role ? 1 : 0])),
      watchEngineEpoch(() => (election.role === 'leader' && election.epoch !== undefined ? [[{}, Number(election.epoch)]] : [])),
    ];
    await this.election.start();
    // A standby refreshes its copy of the day twice a minute (a read of the minutes since the
    // last one), so that taking over reads only seconds of candles.
    this.warmTimer = setInterval(() => void this.keepWarm(), WARM_EVERY_MS);
    this.warmTimer.unref();
    void this.keepWarm();
  }

  private async keepWarm(): Promise<void> {
    if (this.election.role !== 'follower') return;
    this.warmDb ??= createDb(this.opts.databaseUrl, 1, {}, 'standby');
    await this.dayWindows.refresh(this.warmDb).catch((err: unknown) => this.opts.log.warn(`standby day window: ${String(err)}`));
  }

  /**
   * Ready when this process runs a started feed, or follows the leader. Not the bus: a follower
   * without Redis still serves HTTP and its sockets' own pushes, so /healthz calls it degraded
   * rather than down (taking every follower out of a balancer for a Redis blip).
   */
  ready(): boolean {
    if (this.election.role === 'leader') return this.engine?.isRunning() ?? false;
    return this.election.role === 'follower';
  }

  /** Names of the feeds this process runs that went silent (none on a follower). */
  staleFeeds(): string[] {
    return (this.engine?.feedStatus() ?? []).filter((f) => f.running && f.stale).map((f) => f.name);
  }

  private async closeEngineDb(): Promise<void> {
    const db = this.engineDb;
    this.engineDb = undefined;
    await db?.destroy().catch(() => undefined);
  }

  async stop(): Promise<void> {
    for (const unwatch of this.unwatch.splice(0)) unwatch();
    clearInterval(this.warmTimer);
    await this.election.stop();
    await this.warmDb?.destroy().catch(() => undefined);
    this.warmDb = undefined;
  }
}
