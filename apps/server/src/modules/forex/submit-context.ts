import type { Db } from '../../db/database.js';
import type { LiveSession } from '../../http/auth.js';
import type { Bus } from '../../realtime/bus.js';
import * as repo from './forex.repository.js';

/*
 * What an order submit reads, kept by this process, so that a submit after a user's first needs
 * no read of its own: one round trip of two, and the read's statement, are a large share of the
 * hottest money path. Nothing here is trusted on its own: a submit priced from it carries a guard
 * (repo.SubmitGuard) that its write checks in the same statement - session live and user active,
 * symbol unchanged, fee setting unchanged, tick still the newest stored - and a guard that does
 * not hold writes nothing and sends the submit back to a fresh read. So a revoked session, a
 * disabled user or symbol and a changed spread count from the very next submit, as they did when
 * every submit read.
 *
 * Kept:
 * - per token: its session (id, user, demo or not) and the user's contract account with the house
 *   account its fees go to - none of which change while the session lives;
 * - per symbol: its row as read, with the row's version, and the newest stored tick - kept newest
 *   by the market engine's `ticks.stored` bus event, so a moving price does not send every submit
 *   back to a read;
 * - the fee setting;
 * - order ids, reserved a block at a time for every submit of the process, cached or not (a
 *   refused or abandoned submit leaves a gap in the ids, as a rolled-back insert would). Each
 *   process numbers its orders in the order it places them; with several processes, ids from
 *   their blocks interleave.
 * Only a fresh read fills an entry; the bus events (revocation, staff config changes) only empty
 * them early - the guard alone already keeps a stale entry from being used.
 */

type SymbolPart = Pick<
  repo.SubmitContextRow,
  'id' | 'code' | 'show_code' | 'price_precision' | 'pip' | 'min_cont' | 'max_cont' | 'cont_num' | 'fee_rate' | 'spread' | 'margin_mode' | 'leverages' | 'schedule' | 'symbol_version'
> & { tick_seq: string; tick_price: string; tick_at: Date };

interface SessionPart {
  session: LiveSession;
  account_id: number;
  currency_id: number;
  house_fee_id: number;
}

/** A submit's context from what the process holds, the session it acts for and the guard its write checks. */
export interface CachedSubmit {
  session: LiveSession;
  ctx: repo.SubmitContextRow;
  guard: repo.SubmitGuard;
}

/** A submit from the kept copy that only a fresh read can answer (its guard failed, or the copy refused it). */
export class StaleSubmitContext extends Error {
  override name = 'StaleSubmitContext';
}

/** Tokens remembered at most; past it the map starts over (each token then reads once more). */
const SESSIONS_MAX = 100_000;
/** Order ids reserved per round trip, and the level below which the next block is fetched. */
const ID_BLOCK = 64;
const ID_LOW = 16;

const contextsByDb = new WeakMap<Db, SubmitContexts>();

/** The kept submit context of a database's app (the order-submit benchmark reports its stats). */
export function submitContextsOf(db: Db): SubmitContexts | undefined {
  return contextsByDb.get(db);
}

export class SubmitContexts {
  private readonly sessions = new Map<string, SessionPart>();
  private readonly symbols = new Map<number, SymbolPart>();
  private fee: { type: string | null } | undefined;
  private ids: number[] = [];
  private refill: Promise<void> | undefined;
  private readonly unsubscribe: () => void;
  /** Submits answered from the cache, and those its guard (or a refusal) sent back to a read. */
  readonly stats = { cached: 0, stale: 0 };

  constructor(
    private readonly db: Db,
    bus: Bus,
    private readonly onError: (err: unknown) => void,
  ) {
    contextsByDb.set(db, this);
    this.unsubscribe = bus.subscribe((m) => {
      if (m.topic === 'ticks.stored') {
        const ticks = m.payload.ticks;
        if (!Array.isArray(ticks)) return;
        for (const t of ticks as { symbolId?: unknown; seq?: unknown; price?: unknown; atMs?: unknown }[]) {
          if (typeof t.symbolId === 'number' && typeof t.price === 'string' && typeof t.atMs === 'number' && (typeof t.seq === 'string' || typeof t.seq === 'number')) {
            this.tickStored(t.symbolId, String(t.seq), t.price, t.atMs);
          }
        }
      } else if (m.topic === 'session.revoked') {
        const userId = Number(m.payload.userId);
        for (const [token, part] of this.sessions) if (part.session.user_id === userId) this.sessions.delete(token);
      } else if (m.topic === 'config.changed') {
        if (m.payload.area === 'symbols') this.symbols.clear();
        if (m.payload.area === 'settings') this.fee = undefined;
      }
    });
  }

  /** The context of a submit by this token on this symbol, when every part of it is held and an order id is at hand. */
  take(tokenHash: string, symbolId: number): CachedSubmit | undefined {
    const session = this.sessions.get(tokenHash);
    const symbol = this.symbols.get(symbolId);
    const fee = this.fee;
    if (!session || !symbol || !fee) return undefined;
    const orderId = this.nextOrderId();
    if (orderId === undefined) return undefined;
    return {
      session: session.session,
      ctx: { ...symbol, fee_type: fee.type, account_id: session.account_id, currency_id: session.currency_id, house_fee_id: session.house_fee_id, order_id: orderId },
      guard: { session_id: session.session.session_id, symbol_id: symbol.id, symbol_version: symbol.symbol_version, fee_type: fee.type, tick_seq: symbol.tick_seq },
    };
  }

  /**
   * The id of the next order, for a submit from a fresh read: from the same reserved ids as the
   * kept copy's submits, so a process's orders are numbered in the order it placed them.
   */
  async orderId(): Promise<number> {
    for (;;) {
      const id = this.nextOrderId();
      if (id !== undefined) return id;
      // Rejects when the reservation failed: the submit fails with it.
      await this.refill;
    }
  }

  /** Keeps what a fresh read found of a live session's submit (a context without a price or a fee account keeps nothing). */
  remember(tokenHash: string, session: LiveSession, ctx: repo.SubmitContextRead): void {
    if (ctx.house_fee_id === null || ctx.tick_seq === null || ctx.tick_price === null || ctx.tick_at === null) return;
    if (this.sessions.size >= SESSIONS_MAX) this.sessions.clear();
    this.sessions.set(tokenHash, { session, account_id: ctx.account_id, currency_id: ctx.currency_id, house_fee_id: ctx.house_fee_id });
    const held = this.symbols.get(ctx.id);
    // A newer tick heard on the bus meanwhile stays.
    const newer = held && held.symbol_version === ctx.symbol_version && BigInt(held.tick_seq) > BigInt(ctx.tick_seq);
    const { fee_type, account_id: _a, currency_id: _c, house_fee_id: _h, ...symbol } = ctx;
    this.symbols.set(
      ctx.id,
      newer ? { ...symbol, tick_seq: held.tick_seq, tick_price: held.tick_price, tick_at: held.tick_at } : { ...symbol, tick_seq: ctx.tick_seq, tick_price: ctx.tick_price, tick_at: ctx.tick_at },
    );
    this.fee = { type: fee_type };
  }

  /** A cached submit did not go through as priced: what it was priced from is dropped, and the next submit reads afresh. */
  forget(tokenHash: string, symbolId: number): void {
    this.stats.stale += 1;
    this.sessions.delete(tokenHash);
    this.symbols.delete(symbolId);
    this.fee = undefined;
  }

  /** The newest stored tick of a symbol, from the market engine (after its commit). */
  tickStored(symbolId: number, seq: string, price: string, atMs: number): void {
    const held = this.symbols.get(symbolId);
    if (held && BigInt(seq) > BigInt(held.tick_seq)) this.symbols.set(symbolId, { ...held, tick_seq: seq, tick_price: price, tick_at: new Date(atMs) });
  }

  close(): void {
    this.unsubscribe();
  }

  /** The next reserved order id, if one is at hand; below ID_LOW the next block is fetched meanwhile. */
  private nextOrderId(): number | undefined {
    if (this.ids.length < ID_LOW && !this.refill) {
      const refill = repo
        .reserveOrderIds(this.db, ID_BLOCK)
        .then((ids) => {
          this.ids.push(...ids);
        })
        .finally(() => {
          this.refill = undefined;
        });
      refill.catch(this.onError);
      this.refill = refill;
    }
    return this.ids.shift();
  }
}
