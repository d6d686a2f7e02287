import { describe, expect, it, afterEach } from 'vitest';
import { apiOrigin, deriveApiOrigin, wsUrl } from './host';

const loc = (href: string) => {
  const u = new URL(href);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port };
};

describe('deriveApiOrigin', () => {
  it.each([
    ['https://www.example.com', 'https://api.example.com'],
    ['https://m.example.com', 'https://api.example.com'],
    ['https://app.trade.example.co.uk', 'https://api.trade.example.co.uk'],
    ['http://www.example.com:8080', 'http://api.example.com:8080'],
    ['https://api.example.com', 'https://api.example.com'],
    ['https://example.com', 'https://example.com'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://localhost', 'http://localhost'],
    ['http://web.localhost:5173', 'http://web.localhost:5173'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://192.168.1.20', 'http://192.168.1.20'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['https://intranet', 'https://intranet'],
  ])('%s -> %s', (page, expected) => {
    expect(deriveApiOrigin(loc(page))).toBe(expected);
  });
});

describe('apiOrigin overrides', () => {
  afterEach(() => localStorage.clear());
  it('uses localStorage tp.api_origin when it is a valid origin', () => {
    localStorage.setItem('tp.api_origin', 'https://backend.test:9000/');
    expect(apiOrigin(loc('https://www.example.com'))).toBe('https://backend.test:9000');
  });
  it('ignores an invalid override', () => {
    localStorage.setItem('tp.api_origin', 'javascript:alert(1)');
    expect(apiOrigin(loc('https://www.example.com'))).toBe('https://api.example.com');
  });
  it('wsUrl uses wss for https and ws for http', () => {
    expect(wsUrl('/v2/ws', loc('https://www.example.com'))).toBe('wss://api.example.com/v2/ws');
    expect(wsUrl('/v2/ws', loc('http://localhost:8080'))).toBe('ws://localhost:8080/v2/ws');
  });
});
