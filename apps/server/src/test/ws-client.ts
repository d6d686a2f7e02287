import { expect } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';

/** The /v2/ws address of an app listening on a port. */
export function wsUrlOf(app: FastifyInstance): string {
  const addr = app.server.address();
  return `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v2/ws`;
}

export interface WsTestClient {
  ws: WebSocket;
  send(m: unknown): void;
  next(timeoutMs?: number): Promise<unknown>;
  /** The next message matching, skipping others (e.g. pushes before an answer). */
  nextOf(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  nothing(ms?: number): Promise<void>;
  /** Resolves with the close code and reason once the server closes. */
  closed: Promise<{ code: number; reason: string }>;
}

/** A test client that queues what the server sends. */
export async function wsConnect(url: string, headers: Record<string, string> = {}): Promise<WsTestClient> {
  const ws = new WebSocket(url, { headers });
  const inbox: unknown[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const raw = data.toString();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = raw;
    }
    for (const m of Array.isArray(parsed) ? parsed : [parsed]) inbox.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (timeoutMs = 2000): Promise<unknown> => {
    const deadline = Date.now() + timeoutMs;
    while (inbox.length === 0) {
      if (Date.now() > deadline) throw new Error('no message');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return inbox.shift();
  };
  const nextOf = async (type: string, timeoutMs = 2000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = (await next(Math.max(1, deadline - Date.now()))) as Record<string, unknown>;
      if (m && typeof m === 'object' && m.type === type) return m;
    }
  };
  return {
    ws,
    next,
    nextOf,
    closed,
    send: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    nothing: async (ms = 150) => {
      await new Promise((r) => setTimeout(r, ms));
      expect(inbox).toEqual([]);
    },
  };
}

/** An upgrade the server refuses: its HTTP status and body. */
export function wsRefusedUpgrade(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => reject(new Error('upgrade was accepted')));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', () => undefined);
  });
}
