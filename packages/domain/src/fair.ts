import { Decimal, dec } from './money.js';
import { sha256Hex } from './sha256.js';
import { MICRO_DOWN, MICRO_UP, settleMicro } from './micro.js';
import { FOREX_BUY, FOREX_MONEY_PLACES, FOREX_SELL, forexFillPrice, forexProfit } from './forex.js';

/**
 * Provable fairness: the canonical byte encodings of the tick hash chain, the per-minute roots,
 * receipts and the proof of liabilities, written down once here so the engine, the server, the
 * command-line verifier and the browser hash the same bytes. Every preimage is an ASCII text of
 * newline-separated fields with a versioned tag first; hashes are SHA-256 in lower-case hex.
 */

/** The previous hash of a symbol's first chained tick, and the previous root of its first minute. */
export const GENESIS_HASH = '0'.repeat(64);

/** A price as hashed: the stored number without trailing zeros ("1.2300000000" and "1.23" are one price). */
export function canonicalPrice(price: string | Decimal): string {
  // The engine hashes every tick: a plain fixed-point text (what it and the database give) is
  // trimmed without building a Decimal; anything else goes through Decimal to the same form.
  if (typeof price === 'string' && PLAIN_DECIMAL.test(price)) {
    const trimmed = price.includes('.') ? price.replace(TRAILING_ZEROS, '') : price;
    return trimmed.replace(LEADING_ZEROS, '') || '0';
  }
  return dec(price).toFixed();
}
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const TRAILING_ZEROS = /\.?0+$/;
const LEADING_ZEROS = /^0+(?=\d)/;

/** tick hash = H("tp-tick/1", previous hash, symbol, seq, price, time in ms). */
export function tickPreimage(prevHash: string, symbol: string, seq: number, price: string, atMs: number): string {
  return `tp-tick/1\n${prevHash}\n${symbol}\n${seq}\n${canonicalPrice(price)}\n${atMs}`;
}

export function tickHash(prevHash: string, symbol: string, seq: number, price: string, atMs: number): string {
  return sha256Hex(tickPreimage(prevHash, symbol, seq, price, atMs));
}

export const MINUTE_MS = 60_000;

export function minuteOf(atMs: number): number {
  return Math.floor(atMs / MINUTE_MS) * MINUTE_MS;
}

/** An inner node of a minute's Merkle tree; leaves are the tick hashes in sequence order. */
function merkleNode(left: string, right: string): string {
  return sha256Hex(`tp-node/1\n${left}\n${right}`);
}

/** The levels of a Merkle tree, leaves first; an odd last node is carried up unchanged. */
export function merkleLevels(leaves: readonly string[]): string[][] {
  if (leaves.length === 0) throw new Error('a Merkle tree needs a leaf');
  const levels: string[][] = [[...leaves]];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: string[] = [];
    for (let i = 0; i < below.length; i += 2) up.push(i + 1 < below.length ? merkleNode(below[i]!, below[i + 1]!) : below[i]!);
    levels.push(up);
  }
  return levels;
}

export function merkleRoot(leaves: readonly string[]): string {
  const levels = merkleLevels(leaves);
  return levels[levels.length - 1]![0]!;
}

/** One step of a path: the sibling's hash and on which side it sits. */
export interface PathStep {
  side: 'L' | 'R';
  hash: string;
}

export function merklePath(levels: readonly string[][], index: number): PathStep[] {
  const path: PathStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const level = levels[l]!;
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < level.length) path.push({ side: i % 2 === 0 ? 'R' : 'L', hash: level[sibling]! });
    i = Math.floor(i / 2);
  }
  return path;
}

export function rootFromPath(leaf: string, path: readonly PathStep[]): string {
  return path.reduce((acc, step) => (step.side === 'L' ? merkleNode(step.hash, acc) : merkleNode(acc, step.hash)), leaf);
}

/** The fields that make a minute's published root: chained to the symbol's previous published minute. */
export interface MinuteRootFields {
  symbol: string;
  minuteMs: number;
  firstSeq: number;
  lastSeq: number;
  merkleRoot: string;
  prevRoot: string;
}

/** minute root = H("tp-minute/1", previous minute's root, symbol, minute start, first and last seq, Merkle root). */
export function minuteRoot(m: MinuteRootFields): string {
  return sha256Hex(`tp-minute/1\n${m.prevRoot}\n${m.symbol}\n${m.minuteMs}\n${m.firstSeq}\n${m.lastSeq}\n${m.merkleRoot}`);
}

/* ----------------------------------------------------------------------------------------------
 * Receipts
 * -------------------------------------------------------------------------------------------- */

/** A tick as a receipt cites it, with the path from its hash to the published root of its minute. */
export interface ReceiptTick {
  seq: number;
  price: string;
  atMs: number;
  prevHash: string;
  hash: string;
  /** Null while the tick's minute is not yet published (a receipt asked for within the minute). */
  proof: { minuteMs: number; firstSeq: number; lastSeq: number; path: PathStep[]; merkleRoot: string; prevRoot: string; root: string } | null;
}

export interface OptionReceiptTerms {
  /** 1 up, 2 down. */
  type: number;
  amount: string;
  profitRatio: string;
  lossLevel: number;
  expireAtMs: number;
}

export interface ContractReceiptTerms {
  /** 1 buy, 2 sell. */
  side: number;
  lots: string;
  contNum: string;
  spread: string;
}

interface ReceiptBase {
  version: 1;
  id: number;
  symbol: string;
  entry: ReceiptTick;
  exit: ReceiptTick | null;
}

export interface OptionReceipt extends ReceiptBase {
  kind: 'option';
  rule: 'option-settlement/1';
  terms: OptionReceiptTerms;
  /** The tick just before the exit: it shows the exit was the first stored tick at or after expiry. */
  beforeExit: ReceiptTick | null;
  result: { openPrice: string; endPrice: string | null; factProfits: string | null };
}

export interface ContractReceipt extends ReceiptBase {
  kind: 'contract';
  rule: 'contract-fill-close/1';
  terms: ContractReceiptTerms;
  result: { originPrice: string; fillPrice: string; closePrice: string | null; factProfits: string | null };
}

export type FairReceipt = OptionReceipt | ContractReceipt;

/**
 * The published root of a symbol's block starting at `firstSeq`, or undefined when the verifier
 * has none. Blocks are keyed by their first tick, not by minute: a tick arriving late for a minute
 * already published starts a block of its own rather than changing a published one.
 */
export type RootLookup = (symbol: string, firstSeq: number) => string | undefined;

export interface VerifyCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface VerifyResult {
  ok: boolean;
  checks: VerifyCheck[];
}

function samePrice(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return dec(a).eq(dec(b));
}

function checkTick(name: string, symbol: string, t: ReceiptTick, roots: RootLookup, out: VerifyCheck[]): void {
  const recomputed = tickHash(t.prevHash, symbol, t.seq, t.price, t.atMs);
  out.push({ name: `${name}.hash`, ok: recomputed === t.hash, detail: recomputed === t.hash ? undefined : `recomputed ${recomputed}` });
  if (!t.proof) {
    out.push({ name: `${name}.published`, ok: false, detail: 'the minute of this tick is not published yet' });
    return;
  }
  const p = t.proof;
  const inRange = t.seq >= p.firstSeq && t.seq <= p.lastSeq && minuteOf(t.atMs) === p.minuteMs;
  out.push({ name: `${name}.minute`, ok: inRange });
  const merkle = rootFromPath(t.hash, p.path);
  out.push({ name: `${name}.path`, ok: merkle === p.merkleRoot });
  const root = minuteRoot({ symbol, minuteMs: p.minuteMs, firstSeq: p.firstSeq, lastSeq: p.lastSeq, merkleRoot: merkle, prevRoot: p.prevRoot });
  const published = roots(symbol, p.firstSeq);
  out.push({
    name: `${name}.root`,
    ok: root === p.root && published === root,
    detail: published === undefined ? 'no published root for this block' : published === root ? undefined : `published ${published}, recomputed ${root}`,
  });
}

/**
 * Checks a receipt with nothing but the published roots: every tick hashes to itself and sits
 * under its minute's published root, and the rule applied to those ticks gives the recorded money.
 */
export function verifyReceipt(receipt: FairReceipt, roots: RootLookup): VerifyResult {
  const checks: VerifyCheck[] = [];
  checkTick('entry', receipt.symbol, receipt.entry, roots, checks);
  if (receipt.exit) checkTick('exit', receipt.symbol, receipt.exit, roots, checks);
  if (receipt.kind === 'option') verifyOption(receipt, roots, checks);
  else verifyContract(receipt, checks);
  return { ok: checks.every((c) => c.ok), checks };
}

function verifyOption(r: OptionReceipt, roots: RootLookup, checks: VerifyCheck[]): void {
  checks.push({ name: 'rule.entry-price', ok: samePrice(r.entry.price, r.result.openPrice) });
  if (!r.exit) {
    checks.push({ name: 'rule.open', ok: r.result.endPrice === null && r.result.factProfits === null });
    return;
  }
  checks.push({ name: 'rule.exit-price', ok: samePrice(r.exit.price, r.result.endPrice) });
  checks.push({ name: 'rule.exit-at-or-after-expiry', ok: r.exit.atMs >= r.terms.expireAtMs });
  checks.push({ name: 'rule.exit-after-entry', ok: r.exit.seq > r.entry.seq });
  const before = r.beforeExit;
  if (before) checkTick('beforeExit', r.symbol, before, roots, checks);
  // The exit is the first stored tick at or after expiry: its predecessor in the chain is before expiry.
  checks.push({
    name: 'rule.first-tick-after-expiry',
    ok: !!before && before.seq === r.exit.seq - 1 && before.hash === r.exit.prevHash && before.atMs < r.terms.expireAtMs,
  });
  const type = r.terms.type === MICRO_DOWN ? MICRO_DOWN : MICRO_UP;
  const settled = settleMicro({ type, amount: r.terms.amount, profitRatio: r.terms.profitRatio, entry: r.entry.price, exit: r.exit.price, lossLevel: r.terms.lossLevel });
  checks.push({
    name: 'rule.money',
    ok: r.result.factProfits !== null && dec(settled.factProfits).eq(dec(r.result.factProfits)),
    detail: `the rule gives ${settled.factProfits} (${settled.outcome})`,
  });
}

function verifyContract(r: ContractReceipt, checks: VerifyCheck[]): void {
  const side = r.terms.side === FOREX_SELL ? FOREX_SELL : FOREX_BUY;
  checks.push({ name: 'rule.entry-price', ok: samePrice(r.entry.price, r.result.originPrice) });
  const fill = forexFillPrice(side, r.entry.price, r.terms.spread);
  checks.push({ name: 'rule.fill-price', ok: fill.eq(dec(r.result.fillPrice)), detail: `the rule gives ${fill.toFixed()}` });
  if (!r.exit) {
    checks.push({ name: 'rule.open', ok: r.result.closePrice === null && r.result.factProfits === null });
    return;
  }
  checks.push({ name: 'rule.exit-price', ok: samePrice(r.exit.price, r.result.closePrice) });
  checks.push({ name: 'rule.exit-after-entry', ok: r.exit.seq >= r.entry.seq });
  const profit = forexProfit({ side, fillPrice: r.result.fillPrice, price: r.exit.price, lots: r.terms.lots, contNum: r.terms.contNum });
  checks.push({
    name: 'rule.money',
    ok: r.result.factProfits !== null && profit.eq(dec(r.result.factProfits)),
    detail: `the rule gives ${profit.toFixed(FOREX_MONEY_PLACES)}`,
  });
}

/** Published roots as a list (the roots endpoint's rows, or a file of them) turned into a lookup. */
export function rootLookup(rows: readonly { symbol: string; firstSeq: number; root: string }[]): RootLookup {
  const map = new Map(rows.map((r) => [`${r.symbol}:${r.firstSeq}`, r.root]));
  return (symbol, firstSeq) => map.get(`${symbol}:${firstSeq}`);
}

/* ----------------------------------------------------------------------------------------------
 * Proof of liabilities: a Merkle sum tree of user balances
 * -------------------------------------------------------------------------------------------- */

export interface SumNode {
  hash: string;
  /** The sum of the balances under this node, 2 decimals. */
  sum: string;
}

export interface SumStep extends SumNode {
  side: 'L' | 'R';
}

const SUM_PLACES = 2;

/** A user's leaf: the nonce keeps a balance from being guessed from its hash. */
export function liabilityLeaf(day: string, userId: number, nonce: string, balance: string): SumNode {
  const sum = dec(balance).toFixed(SUM_PLACES);
  return { hash: sha256Hex(`tp-liab-leaf/1\n${day}\n${userId}\n${nonce}\n${sum}`), sum };
}

function sumNode(left: SumNode, right: SumNode): SumNode {
  if (dec(left.sum).isNegative() || dec(right.sum).isNegative()) throw new Error('a liability is never negative');
  const sum = dec(left.sum).plus(dec(right.sum)).toFixed(SUM_PLACES);
  return { hash: sha256Hex(`tp-liab-node/1\n${left.hash}\n${left.sum}\n${right.hash}\n${right.sum}`), sum };
}

export function sumTreeLevels(leaves: readonly SumNode[]): SumNode[][] {
  const levels: SumNode[][] = [leaves.length > 0 ? [...leaves] : [{ hash: GENESIS_HASH, sum: new Decimal(0).toFixed(SUM_PLACES) }]];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) up.push(i + 1 < below.length ? sumNode(below[i]!, below[i + 1]!) : below[i]!);
    levels.push(up);
  }
  return levels;
}

export function sumTreePath(levels: readonly SumNode[][], index: number): SumStep[] {
  const path: SumStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const level = levels[l]!;
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < level.length) path.push({ side: i % 2 === 0 ? 'R' : 'L', ...level[sibling]! });
    i = Math.floor(i / 2);
  }
  return path;
}

/** Whether a leaf sits under the published root: the hashes chain and every sum is non-negative. */
export function verifySumPath(leaf: SumNode, path: readonly SumStep[], root: SumNode): boolean {
  try {
    const top = path.reduce((acc, s) => (s.side === 'L' ? sumNode(s, acc) : sumNode(acc, s)), leaf);
    return top.hash === root.hash && dec(top.sum).eq(dec(root.sum));
  } catch {
    return false;
  }
}
