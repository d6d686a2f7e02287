/**
 * Websocket fan-out benchmark: the platform's gateway against a raw `ws` broadcast server, same
 * pushes, same rate, same machine, same run. For each client count: connect all clients
 * (DAY_MARKET + one KLINE each), publish for a few seconds, then report delivered messages per
 * second, tick-to-client latency (p50/p99) and server memory per connection.
 *
 *   node --import tsx bench/ws-fanout/run.ts [--clients 1000,5000] [--seconds 5] [--rate 100]
 *
 * Results: bench/results/ws-fanout.json and bench/results/ws-fanout.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
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
const CLIENT_COUNTS = arg('clients', '1000,5000').split(',').map(Number);
const SECONDS = Number(arg('seconds', '5'));
/** Ticks per second; each tick is 7 pushes (DAY_MARKET + KLINE for six periods). ~75/s is the simulator's natural rate. */
const RATE = Number(arg('rate', '100'));

interface Message {
  type: string;
  [key: string]: unknown;
}

function child(file: string, args: string[], execArgv: string[] = []): { proc: ChildProcess; next: (type: string, timeoutMs?: number) => Promise<Message> } {
  const proc = fork(path.join(here, file), args, { execArgv: ['--import', 'tsx', ...execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const inbox: Message[] = [];
  const waiters: (() => void)[] = [];
  proc.on('message', (m: Message) => {
    inbox.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (type: string, timeoutMs = 60_000): Promise<Message> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i !== -1) return inbox.splice(i, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`${file}: no "${type}" within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  return { proc, next };
}

interface CaseResult {
  server: 'gateway' | 'raw';
  clients: number;
  ticksPerSecond: number;
  seconds: number;
  offeredMessagesPerSecond: number;
  deliveredMessagesPerSecond: number;
  framesPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  memoryPerConnectionKb: number;
  clientsDropped: number;
}

async function runCase(server: 'gateway' | 'raw', clients: number): Promise<CaseResult> {
  const s = child('server.ts', [server], ['--expose-gc']);
  const ready = await s.next('ready');
  const baseRss = ready.rss as number;
  const c = child('client.ts', [`ws://127.0.0.1:${ready.port as number}/v2/ws`, String(clients)]);
  await c.next('subscribed', 120_000);
  s.proc.send({ type: 'memory' });
  const mem = await s.next('memory');
  // Pushes each client receives per second: all DAY_MARKET plus the KLINE of its symbol (1/28 of ticks x 6).
  const perClient = RATE + (RATE / 28) * 6;
  const sampleEvery = Math.max(1, Math.floor((perClient * clients) / 50_000));
  c.proc.send({ type: 'measure', sampleEvery });
  s.proc.send({ type: 'publish', ticksPerSecond: RATE });
  const started = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  c.proc.send({ type: 'report' });
  const report = await c.next('report');
  const elapsed = (Date.now() - started) / 1000;
  s.proc.send({ type: 'stop' });
  await s.next('stopped').catch(() => undefined);
  s.proc.kill();
  c.proc.kill();
  return {
    server,
    clients,
    ticksPerSecond: RATE,
    seconds: Number(elapsed.toFixed(2)),
    offeredMessagesPerSecond: Math.round(perClient * clients),
    deliveredMessagesPerSecond: Math.round((report.messages as number) / elapsed),
    framesPerSecond: Math.round((report.frames as number) / elapsed),
    p50Ms: report.p50 as number | null,
    p99Ms: report.p99 as number | null,
    maxMs: report.max as number | null,
    memoryPerConnectionKb: Number((((mem.rss as number) - baseRss) / clients / 1024).toFixed(1)),
    clientsDropped: report.closed as number,
  };
}

const results: CaseResult[] = [];
for (const clients of CLIENT_COUNTS) {
  for (const server of ['gateway', 'raw'] as const) {
    process.stdout.write(`${server} with ${clients} clients... `);
    const r = await runCase(server, clients);
    results.push(r);
    console.log(`${r.deliveredMessagesPerSecond} msg/s, p99 ${r.p99Ms} ms`);
  }
}

const rows = CLIENT_COUNTS.map((clients) => {
  const g = results.find((r) => r.server === 'gateway' && r.clients === clients)!;
  const raw = results.find((r) => r.server === 'raw' && r.clients === clients)!;
  return { clients, g, raw, ratio: raw.deliveredMessagesPerSecond > 0 ? g.deliveredMessagesPerSecond / raw.deliveredMessagesPerSecond : 0 };
});
const table = [
  '| clients | server | offered msg/s | delivered msg/s | frames/s | p50 ms | p99 ms | max ms | KB/conn | dropped |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (r) =>
      `| ${r.clients} | ${r.server} | ${r.offeredMessagesPerSecond} | ${r.deliveredMessagesPerSecond} | ${r.framesPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.memoryPerConnectionKb} | ${r.clientsDropped} |`,
  ),
].join('\n');
const verdicts = rows
  .map(({ clients, g, ratio }) => {
    const latency = clients === 1000 ? `, p99 ${g.p99Ms} ms (target < 100 ms: ${g.p99Ms !== null && g.p99Ms < 100 ? 'met' : 'MISSED'})` : `, p99 ${g.p99Ms} ms`;
    return `- ${clients} clients: gateway delivers ${(ratio * 100).toFixed(0)} % of the raw baseline (target >= 50 %: ${ratio >= 0.5 ? 'met' : 'MISSED'})${latency}`;
  })
  .join('\n');

const meta = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, seconds: SECONDS, ticksPerSecond: RATE };
await fs.mkdir(resultsDir, { recursive: true });
await fs.writeFile(path.join(resultsDir, 'ws-fanout.json'), `${JSON.stringify({ meta, results }, null, 2)}\n`);
const md = `# Websocket fan-out benchmark

${meta.date}, Node ${meta.node}, ${meta.cpus} CPU (${meta.cpuModel}). Server and clients on one machine over loopback,
each case ${SECONDS} s at ${RATE} ticks/s (7 pushes per tick: DAY_MARKET + KLINE for six periods). Every client
subscribes to DAY_MARKET and one KLINE.<Code>. \`gateway\` is apps/server's websocket gateway (coalescing, at most one
frame per socket per 50 ms, shared frames per subscription set); \`raw\` is a plain \`ws\` server sending each push to
each subscriber as its own frame. Latency is from publish to arrival at the client (same clock).

${table}

${verdicts}
`;
await fs.writeFile(path.join(resultsDir, 'ws-fanout.md'), md);
console.log(`\n${table}\n\n${verdicts}\n\nSaved bench/results/ws-fanout.json and bench/results/ws-fanout.md`);
