import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Bus } from '../realtime/bus.js';
import { LeaderElection } from './leader-election.js';
import type { EngineLog } from './engine-log.js';
import { MarketEngine, type MarketEngineOptions } from './market-engine.js';
import type { TickConsumerFactory } from './tick-consumer.js';
import type { EventConsumer } from './event-consumer.js';
import type { ScheduledJob } from './scheduled-job.js';

export interface MarketRuntimeOptions {
  db: Db;
  databaseUrl: string;
  bus: Bus;
  config: Config;
  log: EngineLog;
  /** What acts on committed ticks on the leader: the modules' consumers, from the composition root. */
  tickConsumers?: readonly TickConsumerFactory[];
  /** The modules' scheduled jobs and outbox event consumers: they run on the leader too. */
  jobs?: readonly ScheduledJob[];
  eventConsumers?: readonly EventConsumer[];
  engine?: Partial<MarketEngineOptions>;
}

/**
 * The engine as a process runs it: leader election decides whether this process runs the market
 * engine; if not, it serves HTTP and websockets from the bus. `ready()` is what /healthz reports.
 */
export class MarketRuntime {
  readonly election: LeaderElection;
  engine: MarketEngine | undefined;

  constructor(private readonly opts: MarketRuntimeOptions) {
    this.election = new LeaderElection({
      databaseUrl: opts.databaseUrl,
      retryMs: opts.config.market.leaderRetryMs,
      log: (m) => opts.log.info(m),
      onElected: async () => {
        const engine = new MarketEngine({
          db: opts.db,
          bus: opts.bus,
          config: opts.config.market,
          log: opts.log,
          consumers: opts.tickConsumers,
          jobs: opts.jobs,
          eventConsumers: opts.eventConsumers,
          databaseUrl: opts.databaseUrl,
          ...opts.engine,
        });
        this.engine = engine;
        try {
          await engine.start();
        } catch (err) {
          this.engine = undefined;
          await engine.stop().catch(() => undefined);
          throw err;
        }
      },
      onDeposed: async () => {
        const engine = this.engine;
        this.engine = undefined;
        await engine?.stop();
      },
    });
  }

  start(): Promise<void> {
    return this.election.start();
  }

  /** Ready when this process runs a started feed, or follows the leader over a connected bus. */
  ready(): boolean {
    if (this.election.role === 'leader') return this.engine?.isRunning() ?? false;
    if (this.election.role === 'follower') return this.opts.bus.isConnected();
    return false;
  }

  /** Names of the feeds this process runs that went silent (none on a follower). */
  staleFeeds(): string[] {
    return (this.engine?.feedStatus() ?? []).filter((f) => f.running && f.stale).map((f) => f.name);
  }

  stop(): Promise<void> {
    return this.election.stop();
  }
}
