import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { rootLookup, verifyReceipt, type FairReceipt, type VerifyResult } from '@tp/domain';

/**
 * The verifier anyone can run, away from the platform: `npm run verify -- receipt.json ROOTS`
 * where ROOTS is a file of published roots (the roots endpoint's answer, or a list of its rows) or
 * the address of a server whose public roots endpoint is asked. It reads no database; the rules it
 * checks against are those of packages/domain, the same code the browser runs.
 */

interface RootRow {
  symbol: string;
  firstSeq: number;
  minuteMs: number;
  root: string;
}

/** A receipt as saved: the bare receipt or the endpoint's whole answer. */
export function receiptOf(json: unknown): FairReceipt {
  const value = json as { data?: unknown; kind?: unknown };
  const receipt = (value && typeof value === 'object' && 'data' in value && !('kind' in value) ? value.data : value) as FairReceipt;
  if (!receipt || (receipt.kind !== 'option' && receipt.kind !== 'contract')) throw new Error('not a receipt');
  return receipt;
}

/** Roots as saved: a list of rows, a page of them, or the endpoint's whole answer. */
export function rootsOf(json: unknown): RootRow[] {
  let value: unknown = json;
  for (let i = 0; i < 3 && value && !Array.isArray(value); i++) value = (value as { data?: unknown }).data;
  if (!Array.isArray(value)) throw new Error('not a list of roots');
  return value as RootRow[];
}

/** Asks a server's public roots endpoint for the minutes the receipt's ticks fall in. */
async function fetchRoots(base: string, receipt: FairReceipt): Promise<RootRow[]> {
  const ticks = [receipt.entry, receipt.exit, receipt.kind === 'option' ? receipt.beforeExit : null];
  const rows: RootRow[] = [];
  for (const t of ticks) {
    if (!t?.proof) continue;
    const url = new URL('/api/fair/roots', base);
    url.searchParams.set('symbol', receipt.symbol);
    url.searchParams.set('from', String(t.proof.minuteMs));
    url.searchParams.set('to', String(t.proof.minuteMs + 60_000));
    const res = await fetch(url);
    rows.push(...rootsOf(await res.json()));
  }
  return rows;
}

export async function verifyFiles(receiptPath: string, rootsSource: string): Promise<VerifyResult> {
  const receipt = receiptOf(JSON.parse(await readFile(receiptPath, 'utf8')));
  const rows = /^https?:\/\//.test(rootsSource) ? await fetchRoots(rootsSource, receipt) : rootsOf(JSON.parse(await readFile(rootsSource, 'utf8')));
  return verifyReceipt(receipt, rootLookup(rows));
}

export async function receiptCli(argv: string[]): Promise<number> {
  const [receiptPath, rootsSource] = argv;
  if (!receiptPath || !rootsSource) {
    process.stderr.write('usage: npm run verify (the books) | npm run verify -- receipt.json (roots.json | https://server)\n');
    return 2;
  }
  const result = await verifyFiles(receiptPath, rootsSource);
  for (const c of result.checks) process.stdout.write(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.detail ? ` - ${c.detail}` : ''}\n`);
  process.stdout.write(result.ok ? 'the receipt is proven\n' : 'the receipt does NOT verify\n');
  return result.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  receiptCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(2);
    },
  );
}
