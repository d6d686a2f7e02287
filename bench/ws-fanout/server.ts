/**
 * One benchmark server in its own process. `gateway`: the platform's websocket gateway (Fastify,
 * @fastify/websocket, coalescing, shared frames) fed through the in-process bus. `raw`: a plain
 * `ws` server that sends every push to every subscriber as its own frame, the way a naive
 * broadcast does. Both get the same pushes at the same rate. Controlled over IPC by run.ts.
 */
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import { WebSocketServer, type WebSocket } from 'ws';
import { createInProcessBus } from '../../apps/server/src/realtime/bus.js';
import { registerWsGateway } from '../../apps/server/src/realtime/ws-gateway.js';
import { tickPushes } from './payloads.js';

const kind = process.argv[2] as 'gateway' | 'raw';
const send = (m: unknown) => process.send?.(m);
let publishTimer: NodeJS.Timeout | undefined;
let published = 0;

async function startGateway(): Promise<{ port: number; publish: (n: number) => void; close: () => Promise<void> }> {
  const bus = createInProcessBus();
  const app = Fastify({ logger: false });
  app.decorate('bus', bus);
  app.decorate('db', undefined as never);
  // Thousands of bench clients share 127.0.0.1: the per-IP socket limit is lifted; no logins, so no session re-check.
  app.decorate('config', { market: { wsFlushMs: 50, wsMaxBufferedBytes: 4 * 1024 * 1024 }, loginIpLimitPerMinute: 30, wsSocketsPerIp: 1_000_000, wsFramesPerSecond: 50, wsSessionRecheckMs: 0 } as never);
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerWsGateway(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : 0,
    publish: (n) => bus.publishBatch(tickPushes(n, Date.now())),
    close: () => app.close(),
  };
}

async function startRaw(): Promise<{ port: number; publish: (n: number) => void; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const byTopic = new Map<string, Set<WebSocket>>();
  wss.on('connection', (socket) => {
    const mine = new Set<string>();
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; params: string };
      if (m.type === 'sub') {
        let set = byTopic.get(m.params);
        if (!set) byTopic.set(m.params, (set = new Set()));
        set.add(socket);
        mine.add(m.params);
        socket.send(JSON.stringify({ type: 'sub_result', code: 1, msg: 'ok', params: m.params }));
      }
    });
    socket.on('close', () => {
      for (const t of mine) byTopic.get(t)?.delete(socket);
    });
  });
  const addr = wss.address();
  return {
    port: typeof addr === 'object' ? addr.port : 0,
    publish: (n) => {
      for (const p of tickPushes(n, Date.now())) {
        const subs = byTopic.get(p.topic);
        if (!subs) continue;
        const frame = JSON.stringify({ ...p.payload, type: p.topic });
        for (const s of subs) if (s.readyState === s.OPEN) s.send(frame);
      }
    },
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

const server = kind === 'gateway' ? await startGateway() : await startRaw();
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
send({ type: 'ready', port: server.port, rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });

process.on('message', (m: { type: string; ticksPerSecond?: number }) => {
  if (m.type === 'memory') {
    gc?.();
    send({ type: 'memory', rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
  } else if (m.type === 'publish') {
    // Ticks in bursts every 10 ms, the rate spread evenly, like the engine's feeds.
    const perBurst = (m.ticksPerSecond ?? 100) / 100;
    let due = 0;
    publishTimer = setInterval(() => {
      due += perBurst;
      while (due >= 1) {
        server.publish(published++);
        due -= 1;
      }
    }, 10);
  } else if (m.type === 'stop') {
    clearInterval(publishTimer);
    void server.close().then(() => {
      send({ type: 'stopped', published });
      process.exit(0);
    });
  }
});
