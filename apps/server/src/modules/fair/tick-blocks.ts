import { sql } from 'kysely';
import { GENESIS_HASH, MINUTE_MS, merkleLevels, minuteOf, minuteRoot } from '@tp/domain';
import type { Executor } from '../../db/database.js';

/**
 * Publishing the tick chain: each symbol's hashed ticks, in sequence order, are cut into blocks of
 * one minute each; a block's root is H(previous block's root, symbol, minute, first and last seq,
 * Merkle root of its tick hashes). Blocks follow the chain by sequence number, not by time, so
 * every hashed tick falls in exactly one block and a published block never changes.
 *
 * A minute is complete once a later minute's tick is stored (tick times never go back within a
 * symbol) or, for a symbol that went quiet, once it ended SEAL_GRACE_MS ago.
 */
export const SEAL_GRACE_MS = 30_000;
/** At most this many ticks of one symbol are published per run, so a first run after long downtime stays bounded. */
const MAX_TICKS_PER_RUN = 20_000;

interface HashedTick {
  seq: number;
  atMs: number;
  hash: string;
}

export interface PublishedBlock {
  symbolId: number;
  symbol: string;
  firstSeq: number;
  lastSeq: number;
  minuteMs: number;
  tickCount: number;
  merkleRoot: string;
  prevRoot: string;
  root: string;
}

/** Publishes every complete minute not yet published, for every symbol; returns the blocks written. */
export async function publishTickBlocks(trx: Executor, nowMs: number): Promise<PublishedBlock[]> {
  const heads = await sql<{ id: number; code: string; last_seq: string | null; root: Buffer | null }>`
    SELECT s.id, s.code, b.last_seq, b.root
    FROM trade_symbols s
    LEFT JOIN LATERAL (SELECT last_seq, root FROM fair_tick_blocks WHERE symbol_id = s.id ORDER BY last_seq DESC LIMIT 1) b ON true
    ORDER BY s.id
  `.execute(trx);
  const written: PublishedBlock[] = [];
  for (const head of heads.rows) {
    const { rows } = await sql<{ seq: string; at: Date; hash: Buffer }>`
      SELECT seq, at, hash FROM ticks
      WHERE symbol_id = ${head.id} AND seq > ${head.last_seq ?? 0} AND hash IS NOT NULL
      ORDER BY seq LIMIT ${MAX_TICKS_PER_RUN}
    `.execute(trx);
    if (rows.length === 0) continue;
    const ticks: HashedTick[] = rows.map((r) => ({ seq: Number(r.seq), atMs: r.at.getTime(), hash: r.hash.toString('hex') }));
    const newestMinute = minuteOf(ticks[ticks.length - 1]!.atMs);
    let prevRoot = head.root ? head.root.toString('hex') : GENESIS_HASH;
    const groups = minuteGroups(ticks);
    // A full read may end inside a minute: its last group waits for the next run.
    if (rows.length === MAX_TICKS_PER_RUN) groups.pop();
    for (const group of groups) {
      const minuteMs = minuteOf(group[0]!.atMs);
      const complete = minuteMs < newestMinute || nowMs >= minuteMs + MINUTE_MS + SEAL_GRACE_MS;
      if (!complete) break;
      const levels = merkleLevels(group.map((t) => t.hash));
      const merkleRoot = levels[levels.length - 1]![0]!;
      const block = { symbol: head.code, minuteMs, firstSeq: group[0]!.seq, lastSeq: group[group.length - 1]!.seq, merkleRoot, prevRoot };
      const root = minuteRoot(block);
      written.push({ ...block, symbolId: head.id, tickCount: group.length, root });
      prevRoot = root;
    }
  }
  if (written.length > 0) {
    await trx
      .insertInto('fair_tick_blocks')
      .values(
        written.map((b) => ({
          symbol_id: b.symbolId,
          first_seq: b.firstSeq,
          last_seq: b.lastSeq,
          minute: new Date(b.minuteMs),
          tick_count: b.tickCount,
          merkle_root: Buffer.from(b.merkleRoot, 'hex'),
          prev_root: Buffer.from(b.prevRoot, 'hex'),
          root: Buffer.from(b.root, 'hex'),
        })),
      )
      .execute();
  }
  return written;
}

/** Consecutive ticks of the same minute. */
function minuteGroups(ticks: readonly HashedTick[]): HashedTick[][] {
  const groups: HashedTick[][] = [];
  for (const t of ticks) {
    const last = groups[groups.length - 1];
    if (last && minuteOf(last[0]!.atMs) === minuteOf(t.atMs)) last.push(t);
    else groups.push([t]);
  }
  return groups;
}
