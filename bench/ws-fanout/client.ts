/**
 * N websocket clients in one process: each subscribes to DAY_MARKET and one KLINE.<Code>, then
 * counts the messages it receives and the latency from each push's `ts` to its arrival. Frames
 * may be one object or an array; `ts` values are found by scanning rather than JSON.parse so the
 * client side measures the server, not its own parsing.
 */
import WebSocket from 'ws';
import { SYMBOLS } from './payloads.js';

const [url, nText] = process.argv.slice(2);
const n = Number(nText);
const send = (m: unknown) => process.send?.(m);
const sockets: WebSocket[] = [];
let measuring = false;
let messages = 0;
let frames = 0;
let closed = 0;
const latencies: number[] = [];
let sampleEvery = 1;

function onFrame(text: string): void {
  frames += 1;
  let pos = text.indexOf('"ts":');
  const now = Date.now();
  while (pos !== -1) {
    messages += 1;
    if (messages % sampleEvery === 0) latencies.push(now - Number(text.slice(pos + 5, pos + 18)));
    pos = text.indexOf('"ts":', pos + 5);
  }
}

let subscribed = 0;
for (let i = 0; i < n; i++) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  sockets.push(ws);
  let subs = 0;
  ws.on('open', () => {
    ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    ws.send(JSON.stringify({ type: 'sub', params: `KLINE.${SYMBOLS[i % SYMBOLS.length]}` }));
  });
  ws.on('message', (data) => {
    const text = data.toString();
    if (subs < 2 && text.includes('sub_result')) {
      subs += (text.match(/sub_result/g) ?? []).length;
      if (subs >= 2 && ++subscribed === n) send({ type: 'subscribed' });
      return;
    }
    if (measuring) onFrame(text);
  });
  ws.on('close', () => {
    closed += 1;
  });
  ws.on('error', () => undefined);
  // Open connections in small batches so the accept queue does not overflow.
  if (i % 200 === 199) await new Promise((r) => setTimeout(r, 20));
}

process.on('message', (m: { type: string; sampleEvery?: number }) => {
  if (m.type === 'measure') {
    sampleEvery = m.sampleEvery ?? 1;
    messages = 0;
    frames = 0;
    latencies.length = 0;
    measuring = true;
  } else if (m.type === 'report') {
    measuring = false;
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? null;
    send({ type: 'report', messages, frames, closed, p50: q(0.5), p99: q(0.99), max: latencies.at(-1) ?? null, samples: latencies.length });
    for (const s of sockets) s.terminate();
    setTimeout(() => process.exit(0), 50);
  }
});
