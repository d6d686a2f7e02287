import { describe, expect, it } from 'vitest';
import { listenUrl } from './listen-url.js';

describe('the ready line names the host the server listens on', () => {
  it.each([
    ['0.0.0.0', 'http://localhost:8080/'],
    ['::', 'http://localhost:8080/'],
    ['127.0.0.1', 'http://127.0.0.1:8080/'],
    ['192.168.1.20', 'http://192.168.1.20:8080/'],
    ['trade.example.com', 'http://trade.example.com:8080/'],
    ['::1', 'http://[::1]:8080/'],
  ])('HOST=%s prints %s', (host, url) => {
    expect(listenUrl(host, 8080)).toBe(url);
  });
});
