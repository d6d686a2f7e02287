import type { z } from 'zod';
import type { AdminSymbol, symbolUpdateInput } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { writeAudit } from '../audit/index.js';
import { openOrdersBySymbol } from '../forex/index.js';
import { runningOrdersBySymbol } from '../micro/index.js';
import { lockSetting } from '../settings/index.js';
import * as repo from './market.repository.js';

/** trade_fee_type 2: the fee is fee_rate x margin, so the rate is a fraction below 1. */
const FEE_SHARE_OF_MARGIN = '2';

const plain = (v: string) => new Decimal(v).toFixed();

/** What is still open on each symbol (the console shows it beside the on/off switch). */
interface OpenCounts {
  orders: Map<number, number>;
  options: Map<number, number>;
}

async function openCounts(db: Executor): Promise<OpenCounts> {
  const [orders, options] = await Promise.all([openOrdersBySymbol(db), runningOrdersBySymbol(db)]);
  return { orders, options };
}

type SymbolConfig = Omit<AdminSymbol, 'open_orders' | 'running_options'>;

function withCounts(s: SymbolConfig, counts: OpenCounts): AdminSymbol {
  return { ...s, open_orders: counts.orders.get(s.id) ?? 0, running_options: counts.options.get(s.id) ?? 0 };
}

export function toAdminSymbol(r: repo.AdminSymbolRow): SymbolConfig {
  return {
    id: r.id,
    code: r.code,
    show_code: r.show_code,
    category_id: r.category_id,
    category_code: r.category_code,
    price_precision: r.price_precision,
    pip: plain(r.pip),
    cont_num: plain(r.cont_num),
    min_cont: plain(r.min_cont),
    max_cont: r.max_cont === null ? null : plain(r.max_cont),
    fee_rate: plain(r.fee_rate),
    spread: plain(r.spread),
    margin_mode: r.margin_mode,
    leverages: r.leverages,
    schedule: r.schedule,
    enabled: r.enabled,
    sort: r.sort,
  };
}

export async function listSymbolsForAdmin(db: Executor): Promise<AdminSymbol[]> {
  const [rows, counts] = await Promise.all([repo.listSymbolsForAdmin(db), openCounts(db)]);
  return rows.map((r) => withCounts(toAdminSymbol(r), counts));
}

/**
 * Changes what staff may change of a symbol (enabled, spread, fee rate, leverages, lot limits,
 * market hours) in the caller's transaction, audited with before and after. The code, the
 * contract size and the price precision are not among them: orders and ticks are read with them.
 * The order path reads the symbol on every submit, so the next order uses the new values; the
 * engine's feeds follow `config.changed` (published by the route after commit).
 */
export async function updateSymbolConfig(trx: Executor, adminId: number, id: number, input: z.output<typeof symbolUpdateInput>): Promise<AdminSymbol> {
  const before = await repo.lockSymbolForAdmin(trx, id);
  if (!before) refuse('not_found');
  const change: repo.SymbolChange = {};
  if (input.enabled !== undefined) change.enabled = input.enabled;
  if (input.spread !== undefined) change.spread = input.spread;
  if (input.fee_rate !== undefined) change.fee_rate = input.fee_rate;
  if (input.leverages !== undefined) change.leverages = input.leverages;
  if (input.min_cont !== undefined) change.min_cont = input.min_cont;
  if (input.max_cont !== undefined) change.max_cont = input.max_cont;
  if (input.schedule !== undefined) change.schedule = input.schedule;

  const minCont = change.min_cont ?? before.min_cont;
  const maxCont = change.max_cont === undefined ? before.max_cont : change.max_cont;
  if (maxCont !== null && new Decimal(minCont).gt(maxCont)) refuse('config_lots_range');
  // Under the setting's lock: a concurrent switch of trade_fee_type waits for this change, then sees it.
  if (change.fee_rate !== undefined && new Decimal(change.fee_rate).gte(1) && (await lockSetting(trx, 'trade_fee_type')) === FEE_SHARE_OF_MARGIN) {
    refuse('config_fee_rate_range');
  }

  if (Object.keys(change).length > 0) await repo.updateSymbol(trx, id, change);
  const after = await repo.lockSymbolForAdmin(trx, id);
  const beforeView = toAdminSymbol(before);
  const afterView = toAdminSymbol(after!);
  await writeAudit(trx, { adminId, action: 'symbol.update', target: `symbol:${id}`, detail: { code: before.code }, before: beforeView, after: afterView });
  return withCounts(afterView, await openCounts(trx));
}
