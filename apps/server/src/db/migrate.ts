import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-market.js';
import * as m0003 from './migrations/0003-wallet.js';
import * as m0004 from './migrations/0004-forex.js';
import * as m0005 from './migrations/0005-micro.js';
import * as m0006 from './migrations/0006-forex-history.js';
import * as m0007 from './migrations/0007-symbols-kept.js';
import * as m0008 from './migrations/0008-ledger-references.js';
import * as m0009 from './migrations/0009-event-outbox-scheduler.js';
import * as m0010 from './migrations/0010-staff-second-factor.js';
import * as m0011 from './migrations/0011-limits.js';
import * as m0012 from './migrations/0012-staff-roles.js';
import * as m0013 from './migrations/0013-admin-console-reads.js';
import * as m0014 from './migrations/0014-admin-config.js';
import * as m0020 from './migrations/0020-neutral-seed-texts.js';
import * as m0015 from './migrations/0015-real-name-news.js';
import * as m0017 from './migrations/0017-support-chat.js';
import * as m0018 from './migrations/0018-funds.js';
import * as m0019 from './migrations/0019-loans.js';
import * as m0021 from './migrations/0021-follow.js';
import * as m0022 from './migrations/0022-fairness.js';
import * as m0023 from './migrations/0023-follow-closed-by-trader.js';
import * as m0024 from './migrations/0024-follow-copy-belongs-to-follow.js';
import * as m0025 from './migrations/0025-raster-list-images.js';
import * as m0026 from './migrations/0026-set-aside-items.js';
import * as m0029 from './migrations/0029-engine-lease.js';
import * as m0030 from './migrations/0030-session-expiry.js';
import * as m0031 from './migrations/0031-withdraw-method-wait.js';
import * as m0032 from './migrations/0032-watchlist.js';
import * as m0033 from './migrations/0033-audit-request-id.js';
import * as m0036 from './migrations/0036-web-push.js';
import * as m0034 from './migrations/0034-sample-traders.js';
import * as m0035 from './migrations/0035-notifications.js';
import * as m0037 from './migrations/0037-price-alerts.js';

/**
 * The migrations, listed explicitly: a folder scan breaks under tsx and vitest (file extensions,
 * module resolution) and an explicit list makes a missing import a compile error.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-market': m0002,
  '0003-wallet': m0003,
  '0004-forex': m0004,
  '0005-micro': m0005,
  '0006-forex-history': m0006,
  '0007-symbols-kept': m0007,
  '0008-ledger-references': m0008,
  '0009-event-outbox-scheduler': m0009,
  '0010-staff-second-factor': m0010,
  '0011-limits': m0011,
  '0012-staff-roles': m0012,
  '0013-admin-console-reads': m0013,
  '0014-admin-config': m0014,
  '0020-neutral-seed-texts': m0020,
  '0015-real-name-news': m0015,
  '0017-support-chat': m0017,
  '0018-funds': m0018,
  '0019-loans': m0019,
  '0021-follow': m0021,
  '0022-fairness': m0022,
  '0023-follow-closed-by-trader': m0023,
  '0024-follow-copy-belongs-to-follow': m0024,
  '0025-raster-list-images': m0025,
  '0026-set-aside-items': m0026,
  '0029-engine-lease': m0029,
  '0030-session-expiry': m0030,
  '0031-withdraw-method-wait': m0031,
  '0032-watchlist': m0032,
  '0033-audit-request-id': m0033,
  '0036-web-push': m0036,
  '0034-sample-traders': m0034,
  '0035-notifications': m0035,
  '0037-price-alerts': m0037,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** True once every listed migration has been applied (what /healthz reports). */
export async function isMigrated(db: Db): Promise<boolean> {
  const migrator = new Migrator({ db, provider });
  const all = await migrator.getMigrations();
  return all.length === Object.keys(MIGRATIONS).length && all.every((m) => m.executedAt !== undefined);
}
