/**
 * The order-submit benchmark as the target states it: run.ts at 8, 32 and 128 clients, three runs
 * each (every run measures the raw double-entry transfer in the same run), the minimum of the
 * three reported. Writes bench/results/order-submit-series.json and the table in
 * bench/results/order-submit.md (each run's own report is kept in the json).
 *
 *   node --import tsx bench/order-submit/series.ts [--runs 3] [--clients 8,32,128] [--merge] [run.ts options, e.g. --seconds 5 --rounds 4]
 *
 * `--merge` keeps the runs of the other client counts from the last series' json, so the client
 * counts can be run one at a time (each a shorter stretch of the machine) into one table.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.resolve(here, '../results');
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const RUNS = Number(arg('runs', '3'));
const CLIENTS = arg('clients', '8,32,128').split(',').map(Number);
/** Options passed on to run.ts. */
const passOn = ['seconds', 'rounds', 'warmup', 'http-client', 'database-url'].flatMap((n) => (process.argv.includes(`--${n}`) ? [`--${n}`, arg(n, '')] : []));

interface Side {
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  machine: { busyPercent: number; cpuMsPerOp: { clients: number; server: number | null; postgres: number | null } };
}
interface RunResult {
  meta: string;
  raw: Side;
  http: Side & { batches?: { batches: number; actions: number; fallbacks: number; largest: number } };
  ratio: number;
}

const runs: { clients: number; run: number; result: RunResult }[] = [];
const kept: typeof runs = [];
if (process.argv.includes('--merge')) {
  const previous = JSON.parse(readFileSync(path.join(resultsDir, 'order-submit-series.json'), 'utf8')) as typeof runs;
  kept.push(...previous.filter((r) => !CLIENTS.includes(r.clients)));
}
for (const clients of CLIENTS) {
  for (let run = 1; run <= RUNS; run++) {
    console.log(`clients ${clients}, run ${run}/${RUNS}`);
    execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'run.ts'), '--clients', String(clients), ...passOn], { stdio: ['ignore', 'ignore', 'inherit'] });
    const result = JSON.parse(readFileSync(path.join(resultsDir, 'order-submit.json'), 'utf8')) as RunResult;
    console.log(`  raw ${result.raw.opsPerSecond}/s, submit ${result.http.opsPerSecond}/s (${(result.ratio * 100).toFixed(0)} %), p99 ${result.http.p99Ms} ms`);
    runs.push({ clients, run, result });
  }
}

runs.unshift(...kept);
const counts = [...new Set(runs.map((r) => r.clients))].sort((a, b) => a - b);
const pct = (r: number) => `${(r * 100).toFixed(0)} %`;
const rows = counts.map((clients) => {
  const mine = runs.filter((r) => r.clients === clients).map((r) => r.result);
  const min = (pick: (r: RunResult) => number) => Math.min(...mine.map(pick));
  const max = (pick: (r: RunResult) => number) => Math.max(...mine.map(pick));
  const perBatch = mine.map((r) => (r.http.batches ? (r.http.batches.actions / Math.max(1, r.http.batches.batches)).toFixed(1) : '-')).join(' / ');
  return {
    clients,
    line: `| ${clients} | ${mine.map((r) => pct(r.ratio)).join(' / ')} | **${pct(min((r) => r.ratio))}** | ${min((r) => r.http.opsPerSecond)} | ${min((r) => r.raw.opsPerSecond)} | ${mine.map((r) => r.http.p99Ms).join(' / ')} | **${max((r) => r.http.p99Ms)}** | ${perBatch} | ${mine.map((r) => `${r.http.machine.cpuMsPerOp.server ?? '-'} / ${r.http.machine.cpuMsPerOp.postgres ?? '-'}`).join('; ')} | ${mine.map((r) => `${r.raw.machine.cpuMsPerOp.postgres ?? '-'}`).join(' / ')} |`,
    met: clients !== 8 || (min((r) => r.ratio) >= 0.6 && max((r) => r.http.p99Ms) <= 20),
  };
});
const cpus = os.cpus();
const md = [
  '# Order-submit benchmark (series)',
  '',
  `${new Date().toISOString()}, Node ${process.version}, ${cpus.length} CPU (${cpus[0]?.model.trim() ?? '?'}). \`node --import tsx bench/order-submit/series.ts ${process.argv.slice(2).join(' ')}\`: run.ts ${RUNS} times per client count, each run measuring both sides in alternating phases. Load average at the start of each run (${runs.map((r) => r.clients).join(', ')} clients): ${runs.map((r) => r.result.meta.match(/load average \(1\/5\/15 min\) ([\d.]+)/)?.[1] ?? '?').join(', ')}.`,
  '',
  '| clients | submit / raw, per run | minimum | submit ops/s (min) | raw ops/s (min) | submit p99 ms, per run | p99 (max) | orders per write statement, per run | submit CPU ms/op server / PostgreSQL, per run | raw CPU ms/op PostgreSQL, per run |',
  '| ---: | --- | ---: | ---: | ---: | --- | ---: | --- | --- | --- |',
  ...rows.map((r) => r.line),
  '',
  `Target (8 clients, every run): submit >= 60 % of the raw transfer and p99 <= 20 ms: ${rows.find((r) => r.clients === 8)?.met ? 'met' : 'NOT met'}.`,
  '',
  'Each run: see bench/order-submit/run.ts for what the two sides do; `orders per write statement` is how many submits the',
  'group commit wrote per statement on average. The raw and submit sides share the machine with each other and with whatever',
  'else runs on it (the load average above).',
  '',
].join('\n');
await fs.writeFile(path.join(resultsDir, 'order-submit-series.json'), `${JSON.stringify(runs, null, 2)}\n`);
await fs.writeFile(path.join(resultsDir, 'order-submit.md'), md);
console.log(md);
