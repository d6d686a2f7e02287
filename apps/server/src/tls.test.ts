import http2 from 'node:http2';
import https from 'node:https';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { listenUrl } from './listen-url.js';
import { HSTS_VALUE } from './http/security-headers.js';
import { localCertificate } from './test/local-certificate.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/*
 * The server with TLS_CERT_FILE / TLS_KEY_FILE: HTTPS, HTTP/2 to a client that offers it (every
 * browser), HTTP/1.1 to one that does not, and the websocket's HTTP/1.1 upgrade on the same port.
 */

let t: TestApp;
let origin: string;
let cert: string;

beforeAll(async () => {
  const local = await localCertificate();
  cert = local.cert;
  t = await createTestApp({ config: { tls: { cert: local.cert, key: local.key } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});

/** One GET over HTTP/2: status, headers, body and the protocol the TLS handshake agreed on. */
async function getOverHttp2(path: string): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; alpn: string | false | undefined }> {
  const session = http2.connect(origin, { ca: cert });
  try {
    await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
    const alpn = session.alpnProtocol;
    return await new Promise((resolve, reject) => {
      const stream = session.request({ ':path': path, lang: 'en' });
      let headers: http2.IncomingHttpHeaders = {};
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (h) => (headers = h));
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body, alpn }));
      stream.on('error', reject);
    });
  } finally {
    session.close();
  }
}

describe('HTTPS with HTTP/2', () => {
  it('answers the API over HTTP/2, in the envelope, with HSTS (the request came over TLS)', async () => {
    const res = await getOverHttp2('/v2/api/forex/trade_list');
    expect(res.alpn).toBe('h2');
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as { code: number; data: unknown[] };
    expect(body.code).toBe(1);
    expect(body.data.length).toBeGreaterThan(0);
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('a refusal over HTTP/2 is still the envelope', async () => {
    const res = await getOverHttp2('/api/nope');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 0, msg: 'Not found', data: null, error: 'not_found' });
  });

  // node:https offers no ALPN protocol: the server falls back to HTTP/1.1.
  it('answers a client without HTTP/2 over HTTP/1.1 on the same port', async () => {
    const res = await new Promise<{ status: number; body: string; version: string }>((resolve, reject) => {
      const req = https.get(`${origin}/v2/api/forex/trade_list`, { ca: cert }, (r) => {
        let body = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (body += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body, version: r.httpVersion }));
      });
      req.on('error', reject);
    });
    expect(res.version).toBe('1.1');
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { code: number }).code).toBe(1);
  });

  it('upgrades the websocket over TLS (wss) and answers its ping', async () => {
    const ws = new WebSocket(`${origin.replace('https', 'wss')}/v2/ws`, { ca: cert });
    const first = await new Promise<unknown>((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ type: 'ping' })));
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
      ws.once('error', reject);
    });
    ws.close();
    expect(first).toMatchObject({ type: 'pong' });
  });

  it('prints an https URL', () => {
    expect(listenUrl('0.0.0.0', 8443, true)).toBe('https://localhost:8443/');
    expect(listenUrl('0.0.0.0', 8080)).toBe('http://localhost:8080/');
  });
});

describe('TLS configuration', () => {
  it('needs both the certificate and the key', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/tmp/cert.pem' })).toThrow(/TLS_(CERT|KEY)_FILE must be set together with TLS_(KEY|CERT)_FILE/);
    expect(() => loadConfig({ TLS_KEY_FILE: '/tmp/key.pem' })).toThrow(/TLS_(CERT|KEY)_FILE must be set together with TLS_(KEY|CERT)_FILE/);
    expect(loadConfig({}).tls).toBeUndefined();
  });
});
