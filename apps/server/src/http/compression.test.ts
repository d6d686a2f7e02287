import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { COMPRESS_MIN_BYTES, pickEncoding } from './compression.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed API answers', () => {
  it('sends a large JSON answer brotli-compressed when the client takes brotli, the same JSON when decoded', async () => {
    const plain = await get(endpoints.market.tradeList.path);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await get(endpoints.market.tradeList.path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(br.headers['content-length'] ?? br.rawPayload.length)).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip, and to none when the client takes neither', async () => {
    const gz = await get(endpoints.market.tradeList.path, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8')).code).toBe(1);
    const none = await get(endpoints.market.tradeList.path, 'identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().code).toBe(1);
  });

  it('leaves a small answer as it is', async () => {
    const small = await get('/healthz', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('status');
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
