import type { Decimal } from '@tp/domain';
import type { Db, Executor } from '../../db/database.js';
import type { Bus } from '../../realtime/bus.js';
import type { EngineLog } from '../../engine/engine-log.js';
import type { Posting } from '../ledger/index.js';
import type { OrderRow } from './forex.repository.js';

/**
 * Where copy trading plugs into forex. The follow module builds on forex (it imports forex's
 * index), so forex cannot import it back; instead follow registers these hooks when it is loaded.
 * Without them (forex's own tests) an order is just an order.
 */
export interface CopyTradingHooks {
  /**
   * Inside the close transaction of a copy (an order with origin_id > 0): the postings the close
   * adds to its own ledger transaction - the trader's profit share, from the follower's contract
   * account (whose id is given).
   */
  closeCopy(trx: Executor, copy: OrderRow, profit: Decimal, followerAccountId: number): Promise<Posting[]>;
  /**
   * On the trigger engine's queue: brings copies in line with their traders' orders (new fills
   * copied, closes passed on at the trader's close tick, stop changes passed on). Idempotent: it
   * works from the database, so running it twice does nothing the second time. Returns the users
   * whose open orders it changed (the engine re-reads them). What it cannot do for one copy is
   * set aside (engine/item-isolation.ts) and reported to `log`; the rest goes on.
   */
  sync(db: Db, bus: Bus, nowMs: number, log?: EngineLog): Promise<number[]>;
}

let registered: CopyTradingHooks | undefined;

export function registerCopyTrading(hooks: CopyTradingHooks): void {
  registered = hooks;
}

export function copyTradingHooks(): CopyTradingHooks | undefined {
  return registered;
}
