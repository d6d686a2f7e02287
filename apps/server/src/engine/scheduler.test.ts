import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { createInProcessBus } from '../realtime/bus.js';
import { createTestDatabase } from '../test/test-app.js';
import type { ScheduledJob, ScheduledJobContext } from './scheduled-job.js';
import { Scheduler, periodStartOf } from './scheduler.js';
import { silentEngineLog } from './engine-log.js';

const quiet = silentEngineLog;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

/** The test's clock, shared by every scheduler ("node") of a test. */
const clock = { ms: Date.UTC(2026, 0, 5, 10, 0, 30) };

/** A job recording the period starts it ran for. */
function job(name: string, extra: Partial<ScheduledJob> & { body?: (ctx: ScheduledJobContext) => Promise<void> } = {}): ScheduledJob & { runs: number[] } {
  const runs: number[] = [];
  return {
    name,
    periodMs: MINUTE,
    ...extra,
    runs,
    async run(ctx) {
      await extra.body?.(ctx);
      runs.push(ctx.periodStartMs);
    },
  };
}

const node = (jobs: ScheduledJob[]) => new Scheduler({ db, bus: createInProcessBus(), log: quiet, jobs, now: () => clock.ms, checkEveryMs: 0 });

describe('scheduler', () => {
  it('runs each period once however many nodes look for it, and again in the next period', async () => {
    clock.ms = Date.UTC(2026, 0, 5, 10, 0, 30);
    const j = job('two-nodes');
    const [a, b] = [node([j]), node([j])];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(j.runs).toEqual([Date.UTC(2026, 0, 5, 10, 0)]);
    clock.ms += 20_000; // same period
    expect(await a.runDue()).toBe(0);
    clock.ms += MINUTE;
    await Promise.all([a.runDue(), b.runDue()]);
    expect(j.runs).toEqual([Date.UTC(2026, 0, 5, 10, 0), Date.UTC(2026, 0, 5, 10, 1)]);
  });

  it('a node does not wait for a run another node holds, and the period still runs once', async () => {
    clock.ms = Date.UTC(2026, 0, 5, 11, 0, 0);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const j = job('held', {
      body: async () => {
        entered();
        await gate;
      },
    });
    const a = node([j]);
    const running = a.runDue();
    await inside;
    expect(await node([j]).runDue()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(await node([j]).runDue()).toBe(0);
    expect(j.runs).toHaveLength(1);
  });

  it('a run that dies half way leaves no run row: the restarted node runs the period again, once', async () => {
    clock.ms = Date.UTC(2026, 0, 5, 12, 0, 10);
    let crash = true;
    const j = job('crashy', {
      body: async () => {
        if (crash) throw new Error('process killed mid-run');
      },
    });
    expect(await node([j]).runDue()).toBe(0);
    crash = false;
    const restarted = node([j]);
    expect(await restarted.runDue()).toBe(1);
    expect(await node([j]).runDue()).toBe(0);
    expect(j.runs).toEqual([Date.UTC(2026, 0, 5, 12, 0)]);
  });

  it('what a run writes through its transaction commits with its run row, or not at all: once per period', async () => {
    clock.ms = Date.UTC(2026, 0, 5, 13, 0, 10);
    await sql`CREATE TABLE job_effects (period_start bigint NOT NULL)`.execute(db);
    const effects = async () => (await sql<{ period_start: string }>`SELECT period_start FROM job_effects ORDER BY 1`.execute(db)).rows.map((r) => Number(r.period_start));
    let crash = true;
    const j = job('effects', {
      body: async ({ trx, periodStartMs }) => {
        await sql`INSERT INTO job_effects VALUES (${periodStartMs})`.execute(trx);
        // Dies after writing: the write must not survive without its run row.
        if (crash) throw new Error('process killed after the write');
      },
    });
    expect(await node([j]).runDue()).toBe(0);
    expect(await effects()).toEqual([]);
    crash = false;
    expect(await node([j]).runDue()).toBe(1);
    expect(await node([j]).runDue()).toBe(0);
    expect(await effects()).toEqual([Date.UTC(2026, 0, 5, 13, 0)]);
  });

  it('after downtime catches up at most catchUp missed periods, oldest first, then the current one', async () => {
    clock.ms = Date.UTC(2026, 0, 5, 13, 0, 0);
    const daily = job('catch-up', { catchUp: 3 });
    const sweep = job('no-catch-up');
    await node([daily, sweep]).runDue();
    clock.ms += 10 * MINUTE; // down for ten periods
    await node([daily, sweep]).runDue();
    const at = (m: number) => Date.UTC(2026, 0, 5, 13, m);
    expect(daily.runs).toEqual([at(0), at(7), at(8), at(9), at(10)]);
    expect(sweep.runs).toEqual([at(0), at(10)]);
    // A shorter downtime is made up entirely.
    clock.ms += 2 * MINUTE;
    await node([daily]).runDue();
    expect(daily.runs.slice(5)).toEqual([at(11), at(12)]);
  });

  it('a job never run before starts with the current period, not the epoch', async () => {
    clock.ms = Date.UTC(2026, 0, 5, 14, 30, 0);
    const j = job('new-daily', { periodMs: DAY, catchUp: 30 });
    await node([j]).runDue();
    expect(j.runs).toEqual([Date.UTC(2026, 0, 5)]);
  });

  it('aligns daily periods to UTC midnight, or to an offset', () => {
    const at = Date.UTC(2026, 0, 5, 3, 0, 0);
    expect(periodStartOf({ periodMs: DAY }, at)).toBe(Date.UTC(2026, 0, 5));
    // Midnight at UTC+8 is 16:00 UTC the day before.
    expect(periodStartOf({ periodMs: DAY, offsetMs: -8 * HOUR }, at)).toBe(Date.UTC(2026, 0, 4, 16));
    expect(periodStartOf({ periodMs: DAY, offsetMs: 16 * HOUR }, at)).toBe(Date.UTC(2026, 0, 4, 16));
  });

  it('hands the run its period bounds and the scheduler clock', async () => {
    clock.ms = Date.UTC(2026, 0, 5, 15, 5, 0);
    const seen: [number, number, number][] = [];
    const j = job('bounds', { periodMs: HOUR, body: async (ctx) => void seen.push([ctx.periodStartMs, ctx.periodEndMs, ctx.now()]) });
    await node([j]).runDue();
    expect(seen).toEqual([[Date.UTC(2026, 0, 5, 15), Date.UTC(2026, 0, 5, 16), clock.ms]]);
  });

  it('a job that throws never stops the others; its failure is set aside once, retried after its period (not every check), and cleared when it runs', async () => {
    clock.ms = Date.UTC(2026, 0, 6, 10, 0, 5);
    let failing = true;
    const bad = job('throws', {
      body: async () => {
        if (failing) throw new Error('one bad job');
      },
    });
    const good = job('runs-anyway');
    const n = node([bad, good]);
    const failures = () => db.selectFrom('set_aside_items').select(['item', 'reason', 'attempts']).where('job', '=', 'scheduler').where('item', '=', 'throws').execute();
    expect(await n.runDue()).toBe(1);
    expect(good.runs).toEqual([Date.UTC(2026, 0, 6, 10, 0)]);
    expect(await failures()).toEqual([{ item: 'throws', reason: 'one bad job', attempts: 1 }]);
    // The next checks within its retry delay leave it alone.
    for (let i = 0; i < 5; i++) {
      clock.ms += 1000;
      await n.runDue();
    }
    expect((await failures())[0]!.attempts).toBe(1);
    clock.ms += MINUTE;
    await n.runDue();
    expect(good.runs).toHaveLength(2);
    expect(await failures()).toEqual([{ item: 'throws', reason: 'one bad job', attempts: 2 }]);
    failing = false;
    clock.ms += MINUTE;
    await n.runDue();
    expect(bad.runs).toEqual([Date.UTC(2026, 0, 6, 10, 2)]);
    expect(await failures()).toEqual([]);
  });

  it('refuses two jobs of one name', () => {
    expect(() => node([job('same'), job('same')])).toThrow('declared twice');
  });
});
