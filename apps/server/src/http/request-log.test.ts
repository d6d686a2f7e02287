import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCapture } from '../test/log-capture.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { requestLogLevel } from './request-log.js';

describe('request log level', () => {
  it.each([
    ['/api/user/info', 200, 'info'],
    ['/v2/api/forex/trade_list?t=1', 200, 'info'],
    ['/admin/api/users', 200, 'info'],
    ['/healthz', 200, 'info'],
    ['/assets/index-abc.js', 200, 'debug'],
    ['/logo.png', 200, 'debug'],
    ['/admin/', 200, 'debug'],
    ['/missing.png', 404, 'info'],
    ['/api/boom', 500, 'info'],
  ] as const)('%s answered %i logs at %s', (url, status, level) => {
    expect(requestLogLevel(url, status)).toBe(level);
  });
});

describe('one log line per request', () => {
  const { lines, stream } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('an API request writes exactly one JSON line at info, with method, url and status', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/company/getCompany' });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === lines.at(-1)?.reqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/company/getCompany', statusCode: 200 });
  });

  it('an unknown path is still logged once', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/path' });
    expect(res.statusCode).toBe(404);
    expect(lines.filter((l) => l.msg === 'request')).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toHaveLength(0);
  });
});
