import { sql } from 'kysely';
import { GENESIS_HASH, merkleLevels, merklePath, type ContractReceipt, type FairReceipt, type OptionReceipt, type ReceiptTick } from '@tp/domain';
import type { FairReceiptKind } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { pruneSetAside, settleIsolated } from '../../engine/item-isolation.js';

/**
 * Receipts of settled options and filled/closed contracts. Built from the order row and the ticks
 * it cites; once those ticks are published (their blocks exist) the receipt is complete and is
 * kept in fair_receipts, so it still answers after tick retention pruned the ticks.
 *
 * The order tables belong to micro and forex: this module reads them in SQL on purpose, as the
 * dashboard does, because it sits above both and owns none of their rows.
 */

const hex = (b: Buffer | null): string => (b ? b.toString('hex') : '');

/** A stored tick with its chain link and, once its block is published, the path to the block's root. */
async function receiptTick(db: Executor, symbolId: number, seq: number): Promise<ReceiptTick | null> {
  const tick = await db.selectFrom('ticks').select(['seq', 'price', 'at', 'hash']).where('symbol_id', '=', symbolId).where('seq', '=', String(seq)).executeTakeFirst();
  if (!tick) return null;
  // The previous link is the nearest stored tick below: the engine chains only the ticks it stores.
  const prev = await db.selectFrom('ticks').select('hash').where('symbol_id', '=', symbolId).where('seq', '<', String(seq)).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const block = await db
    .selectFrom('fair_tick_blocks')
    .selectAll()
    .where('symbol_id', '=', symbolId)
    .where('first_seq', '<=', String(seq))
    .where('last_seq', '>=', String(seq))
    .executeTakeFirst();
  let proof: ReceiptTick['proof'] = null;
  if (block && tick.hash) {
    const leaves = await db
      .selectFrom('ticks')
      .select(['seq', 'hash'])
      .where('symbol_id', '=', symbolId)
      .where('seq', '>=', block.first_seq)
      .where('seq', '<=', block.last_seq)
      .where('hash', 'is not', null)
      .orderBy('seq')
      .execute();
    const index = leaves.findIndex((l) => Number(l.seq) === seq);
    // A block whose ticks were pruned cannot give a path any more (a kept receipt has it).
    if (leaves.length === block.tick_count && index >= 0) {
      proof = {
        minuteMs: block.minute.getTime(),
        firstSeq: Number(block.first_seq),
        lastSeq: Number(block.last_seq),
        path: merklePath(merkleLevels(leaves.map((l) => hex(l.hash))), index),
        merkleRoot: hex(block.merkle_root),
        prevRoot: hex(block.prev_root),
        root: hex(block.root),
      };
    }
  }
  return {
    seq: Number(tick.seq),
    price: tick.price,
    atMs: tick.at.getTime(),
    prevHash: prev?.hash ? hex(prev.hash) : GENESIS_HASH,
    hash: hex(tick.hash),
    proof,
  };
}

function complete(r: FairReceipt): boolean {
  const ticks = [r.entry, r.exit, r.kind === 'option' ? r.beforeExit : null];
  const closed = r.kind === 'option' ? r.result.factProfits !== null : r.result.factProfits !== null;
  return closed && ticks.every((t) => t === null || t.proof !== null) && r.exit !== null;
}

async function optionReceipt(db: Executor, userId: number, id: number): Promise<FairReceipt | undefined> {
  const o = await db
    .selectFrom('micro_orders as o')
    .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
    .select(['o.id', 'o.symbol_id', 's.code', 'o.type', 'o.amount', 'o.profit_ratio', 'o.loss_level', 'o.open_price', 'o.entry_tick_seq', 'o.end_price', 'o.exit_tick_seq', 'o.fact_profits', 'o.expire_at', 'o.close_type'])
    .where('o.id', '=', String(id))
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!o) return undefined;
  const entry = await receiptTick(db, o.symbol_id, Number(o.entry_tick_seq));
  if (!entry) return undefined;
  const exitSeq = o.close_type === 1 && o.exit_tick_seq !== null ? Number(o.exit_tick_seq) : null;
  const exit = exitSeq === null ? null : await receiptTick(db, o.symbol_id, exitSeq);
  let beforeExit: ReceiptTick | null = null;
  if (exitSeq !== null) {
    const before = await db.selectFrom('ticks').select('seq').where('symbol_id', '=', o.symbol_id).where('seq', '<', String(exitSeq)).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    if (before) beforeExit = await receiptTick(db, o.symbol_id, Number(before.seq));
  }
  const receipt: OptionReceipt = {
    version: 1,
    kind: 'option',
    rule: 'option-settlement/1',
    id: Number(o.id),
    symbol: o.code,
    terms: { type: o.type, amount: o.amount, profitRatio: o.profit_ratio, lossLevel: o.loss_level, expireAtMs: o.expire_at.getTime() },
    entry,
    exit,
    beforeExit,
    result: { openPrice: o.open_price, endPrice: exit ? o.end_price : null, factProfits: exit ? o.fact_profits : null },
  };
  return receipt;
}

async function contractReceipt(db: Executor, userId: number, id: number): Promise<FairReceipt | undefined> {
  const o = await db
    .selectFrom('forex_orders as o')
    .innerJoin('trade_symbols as s', 's.id', 'o.symbol_id')
    .select(['o.id', 'o.symbol_id', 's.code', 'o.order_type', 'o.quantity', 'o.cont_num', 'o.spread', 'o.origin_price', 'o.price', 'o.update_price', 'o.fact_profits', 'o.open_tick_seq', 'o.close_tick_seq', 'o.status'])
    .where('o.id', '=', id)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  // A pending or cancelled order was never filled: there is nothing to prove.
  if (!o || o.open_tick_seq === null) return undefined;
  const entry = await receiptTick(db, o.symbol_id, Number(o.open_tick_seq));
  if (!entry) return undefined;
  const exit = o.status === 3 && o.close_tick_seq !== null ? await receiptTick(db, o.symbol_id, Number(o.close_tick_seq)) : null;
  const receipt: ContractReceipt = {
    version: 1,
    kind: 'contract',
    rule: 'contract-fill-close/1',
    id: o.id,
    symbol: o.code,
    terms: { side: o.order_type, lots: o.quantity, contNum: o.cont_num, spread: o.spread },
    entry,
    exit,
    result: { originPrice: o.origin_price, fillPrice: o.price, closePrice: exit ? o.update_price : null, factProfits: exit ? o.fact_profits : null },
  };
  return receipt;
}

/** The caller's receipt of one order: the kept one, else built now; undefined for another user's or an unknown order. */
export async function findReceipt(db: Executor, userId: number, kind: FairReceiptKind, id: number): Promise<FairReceipt | undefined> {
  const kept = await db.selectFrom('fair_receipts').select('body').where('kind', '=', kind).where('order_id', '=', String(id)).where('user_id', '=', userId).executeTakeFirst();
  if (kept) return kept.body as FairReceipt;
  return kind === 'option' ? optionReceipt(db, userId, id) : contractReceipt(db, userId, id);
}

/** How far back the keeper looks for closed orders without a kept receipt. */
const KEEP_LOOKBACK_MS = 2 * 24 * 3_600_000;

/** The keeper's name in the set-aside list (engine/item-isolation.ts). */
const KEEP_JOB = 'fair.receipts';

/**
 * Keeps the receipts of recently closed orders whose ticks are all published. Idempotent (the
 * primary key); an order whose ticks are not yet published is kept on a later run. All in one go
 * when it can; an order whose receipt cannot be built is set aside (found in halves) and the
 * others are kept - it is tried again by the next run.
 */
export async function keepReceipts(trx: Executor, nowMs: number): Promise<number> {
  const since = new Date(nowMs - KEEP_LOOKBACK_MS);
  const options = await sql<{ id: string; user_id: number }>`
    SELECT o.id, o.user_id FROM micro_orders o
    WHERE o.status = 3 AND o.close_type = 1 AND o.complete_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM fair_receipts r WHERE r.kind = 'option' AND r.order_id = o.id)
    ORDER BY o.complete_at LIMIT 2000
  `.execute(trx);
  const contracts = await sql<{ id: number; user_id: number }>`
    SELECT o.id, o.user_id FROM forex_orders o
    WHERE o.status = 3 AND o.closed_at >= ${since}
      AND NOT EXISTS (SELECT 1 FROM fair_receipts r WHERE r.kind = 'contract' AND r.order_id = o.id)
    ORDER BY o.closed_at LIMIT 2000
  `.execute(trx);
  const todo: [FairReceiptKind, number, number][] = [
    ...options.rows.map((r): [FairReceiptKind, number, number] => ['option', Number(r.id), r.user_id]),
    ...contracts.rows.map((r): [FairReceiptKind, number, number] => ['contract', r.id, r.user_id]),
  ];
  const key = ([kind, id, userId]: [FairReceiptKind, number, number]) => `${kind} ${id} (user ${userId})`;
  const out = await settleIsolated(trx, todo, {
    job: KEEP_JOB,
    key,
    at: new Date(nowMs),
    bulk: async (t, part) => {
      let kept = 0;
      for (const [kind, id, userId] of part) {
        const receipt = kind === 'option' ? await optionReceipt(t, userId, id) : await contractReceipt(t, userId, id);
        if (!receipt || !complete(receipt)) continue;
        await t
          .insertInto('fair_receipts')
          .values({ kind, order_id: id, user_id: userId, body: JSON.stringify(receipt) })
          .onConflict((oc) => oc.columns(['kind', 'order_id']).doNothing())
          .execute();
        kept += 1;
      }
      return [kept];
    },
  });
  // A set-aside order kept since, or past the look-back, is no longer waiting.
  const waiting = new Set(todo.map(key));
  await pruneSetAside(trx, KEEP_JOB, (k) => waiting.has(k));
  return out.results.reduce((a, b) => a + b, 0);
}
