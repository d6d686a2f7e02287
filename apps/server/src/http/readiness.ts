import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { isMigrated } from '../db/migrate.js';

/** What /readyz says: only `ready` takes traffic. */
export type Readiness = 'ready' | 'migrating' | 'unavailable';

export interface ReadinessOptions {
  /** A balancer probes every node every few seconds: one answer serves the probes of this long. */
  cacheMs?: number;
  /** A database that takes longer than this to answer `select 1` counts as lost. */
  timeoutMs?: number;
}

/**
 * The database half of readiness: reachable (a `select 1` within a short timeout) and migrated to
 * this code's schema (a node whose migrations have not all run - another node is migrating, or
 * this one is about to - takes no traffic). Once migrated, a schema stays migrated, so that check
 * runs until it first passes and never again. Answers are kept for `cacheMs` and concurrent probes
 * share one check, so probes cost the database at most one query a second per node.
 */
export function createReadinessCheck(db: Db, opts: ReadinessOptions = {}): () => Promise<Readiness> {
  const cacheMs = opts.cacheMs ?? 1_000;
  const timeoutMs = opts.timeoutMs ?? 1_000;
  let migrated = false;
  let last: { at: number; answer: Readiness } | undefined;
  let inFlight: Promise<Readiness> | undefined;

  const check = async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const probe = (async () => {
        await sql`SELECT 1`.execute(db);
        if (!migrated) migrated = await isMigrated(db);
        return migrated ? 'ready' : 'migrating';
      })();
      // The probe is left to finish (or fail) on its own after a timeout; its rejection is handled.
      probe.catch(() => undefined);
      const answer = await Promise.race([probe, timedOut]);
      return answer === 'timeout' ? 'unavailable' : answer;
    } catch {
      return 'unavailable';
    } finally {
      clearTimeout(timer);
    }
  };

  return async () => {
    if (last && Date.now() - last.at < cacheMs) return last.answer;
    inFlight ??= check().then((answer) => {
      last = { at: Date.now(), answer };
      inFlight = undefined;
      return answer;
    });
    return inFlight;
  };
}
