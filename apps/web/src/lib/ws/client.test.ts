import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { FakeSocket } from '../../test/fake-socket';
import { WsClient, type SocketFactory } from './client';

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
let token: string | null;
let warn: Mock<(...args: unknown[]) => void>;

function makeClient() {
  return new WsClient({
    url: () => 'wss://api.example.com/v2/ws',
    getToken: () => token,
    createSocket: ((url: string) => new FakeSocket(url)) as unknown as SocketFactory,
    logger: { warn },
    now: () => Date.now(),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
  FakeSocket.all = [];
  token = null;
  warn = vi.fn<(...args: unknown[]) => void>();
});
afterEach(() => vi.useRealTimers());

describe('WsClient', () => {
  it('connects to the url once however often connect() is called', () => {
    const c = makeClient();
    c.connect();
    c.connect();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('wss://api.example.com/v2/ws');
    last().serverOpen();
    c.connect();
    expect(FakeSocket.all).toHaveLength(1);
    expect(c.getStatus()).toBe('open');
  });

  it('gives up a connection that does not open within 5000 ms and retries', () => {
    const c = makeClient();
    c.connect();
    vi.advanceTimersByTime(4999);
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all[0]!.closed).toBe(true);
    expect(warn).toHaveBeenCalledWith('[ws] connect timed out');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(c.getStatus()).toBe('connecting');
  });

  it('logs in with the token after open, then subscribes private topics after login_result', () => {
    token = 'tok';
    const c = makeClient();
    const onTrade = vi.fn();
    c.subscribe('DAY_MARKET', () => undefined);
    c.subscribe('FOREX_TRADE', onTrade);
    c.connect();
    last().serverOpen();
    expect(last().types()).toEqual(['login:tok', 'sub:DAY_MARKET']);
    last().serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    expect(last().types()).toEqual(['login:tok', 'sub:DAY_MARKET', 'sub:FOREX_TRADE']);
    last().serverSend({ type: 'FOREX_TRADE', ProfitsTotal: '1.00' });
    expect(onTrade).toHaveBeenCalledWith({ type: 'FOREX_TRADE', ProfitsTotal: '1.00' });
  });

  it('names the interface language in its login, so the server answers in it', () => {
    token = 'tok';
    const c = new WsClient({
      url: () => 'wss://api.example.com/v2/ws?lang=de',
      getToken: () => token,
      getLang: () => 'de',
      createSocket: ((url: string) => new FakeSocket(url)) as unknown as SocketFactory,
      logger: { warn },
      now: () => Date.now(),
    });
    c.connect();
    last().serverOpen();
    expect(last().sent[0]).toEqual({ type: 'login', params: 'tok', lang: 'de' });
    token = 'tok2';
    c.syncToken();
    expect(last().sent.at(-1)).toEqual({ type: 'login', params: 'tok2', lang: 'de' });
  });

  it('a login the server could not check (database away) is tried again 2 s later; a refused token is not', () => {
    token = 'tok';
    const c = makeClient();
    c.subscribe('FOREX_TRADE', () => undefined);
    c.connect();
    last().serverOpen();
    last().serverSend({ type: 'login_result', code: 0, msg: 'Try again shortly', error: 'service_unavailable' });
    vi.advanceTimersByTime(1999);
    expect(last().types()).toEqual(['login:tok']);
    vi.advanceTimersByTime(1);
    expect(last().types()).toEqual(['login:tok', 'login:tok']);
    last().serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    expect(last().types()).toEqual(['login:tok', 'login:tok', 'sub:FOREX_TRADE']);
    // A refused token stays refused: no retry loop.
    c.disconnect();
    const d = makeClient();
    d.connect();
    last().serverOpen();
    last().serverSend({ type: 'login_result', code: 0, msg: 'Please log in' });
    vi.advanceTimersByTime(10_000);
    expect(last().types().filter((t) => t !== 'ping')).toEqual(['login:tok']);
  });

  it('tells its listeners when the server ends the login (session_ended, 999), not on a refused login', () => {
    token = 'tok';
    const c = makeClient();
    const ended = vi.fn();
    const stop = c.onSessionEnded(ended);
    c.connect();
    last().serverOpen();
    last().serverSend({ type: 'login_result', code: 0, msg: 'Please log in' });
    last().serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    expect(ended).not.toHaveBeenCalled();
    last().serverSend({ type: 'login_result', code: 999, msg: 'Your session has ended', error: 'session_ended' });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(c.isLoggedIn()).toBe(false);
    stop();
    last().serverSend({ type: 'login_result', code: 999, msg: 'Your session has ended', error: 'session_ended' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ref-counts topics: one sub for many listeners, unsub when the last leaves', () => {
    const c = makeClient();
    c.connect();
    last().serverOpen();
    const a = vi.fn();
    const b = vi.fn();
    const offA = c.subscribe('KLINE.BTCUSDT', a);
    const offB = c.subscribe('KLINE.BTCUSDT', b);
    expect(last().types()).toEqual(['sub:KLINE.BTCUSDT']);
    last().serverSend({ type: 'KLINE.BTCUSDT', Close: '1' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    offA();
    expect(last().types()).toEqual(['sub:KLINE.BTCUSDT']);
    offB();
    expect(last().types()).toEqual(['sub:KLINE.BTCUSDT', 'unsub:KLINE.BTCUSDT']);
    expect(c.topics()).toEqual([]);
  });

  it('accepts a frame that is an array of messages', () => {
    const c = makeClient();
    const h = vi.fn();
    c.subscribe('DAY_MARKET', h);
    c.connect();
    last().serverOpen();
    last().serverSend([
      { type: 'DAY_MARKET', symbol: 'A' },
      { type: 'DAY_MARKET', symbol: 'B' },
    ]);
    expect(h.mock.calls.map((x) => (x[0] as { symbol: string }).symbol)).toEqual(['A', 'B']);
  });

  it('warns on a message without type and on an unknown topic; ignores known topics nobody listens to', () => {
    const c = makeClient();
    c.connect();
    last().serverOpen();
    last().serverSend({ data: 1 });
    expect(warn).toHaveBeenCalledWith('[ws] message without type', { data: 1 });
    last().serverSend({ type: 'WHAT_IS_THIS' });
    expect(warn).toHaveBeenCalledWith('[ws] unknown topic', 'WHAT_IS_THIS');
    warn.mockClear();
    last().serverSend({ type: 'DAY_MARKET' });
    last().serverSend('not json{');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('pings every 5 s with a timestamp; a pong keeps the connection', () => {
    const c = makeClient();
    c.connect();
    last().serverOpen();
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(5000);
      const ping = last().sent[last().sent.length - 1] as { type: string; params: number };
      expect(ping.type).toBe('ping');
      expect(ping.params).toBe(Date.now());
      last().serverSend({ type: 'pong', params: ping.params });
    }
    expect(FakeSocket.all).toHaveLength(1);
    expect(c.getStatus()).toBe('open');
  });

  it('reconnects when more than 2 pings are unanswered, and subscribes again', () => {
    token = 'tok';
    const c = makeClient();
    c.subscribe('DAY_MARKET', () => undefined);
    c.subscribe('FOREX_CLOSED', () => undefined);
    c.connect();
    const first = last();
    first.serverOpen();
    first.serverSend({ type: 'login_result', code: 1, msg: '' });
    vi.advanceTimersByTime(5000 * 3);
    expect(first.types().filter((t) => t === 'ping')).toHaveLength(3);
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(first.closed).toBe(true);
    expect(c.getStatus()).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    const second = last();
    second.serverOpen();
    second.serverSend({ type: 'login_result', code: 1, msg: '' });
    expect(second.types()).toEqual(['login:tok', 'sub:DAY_MARKET', 'sub:FOREX_CLOSED']);
  });

  it('the text pong also counts as an answer', () => {
    const c = makeClient();
    c.connect();
    last().serverOpen();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(5000);
      last().serverSend('pong');
    }
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects after a close with growing back-off, reset after a successful open', () => {
    const c = makeClient();
    c.connect();
    last().serverClose();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().serverClose();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().serverOpen();
    last().serverClose();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('after a service restart (1012) reconnects within the jitter, not the back-off, and subscribes again', () => {
    token = 'tok';
    const c = new WsClient({
      url: () => 'wss://api.example.com/v2/ws',
      getToken: () => token,
      createSocket: ((url: string) => new FakeSocket(url)) as unknown as SocketFactory,
      logger: { warn },
      random: () => 0.5,
    });
    c.subscribe('DAY_MARKET', () => undefined);
    c.subscribe('FOREX_TRADE', () => undefined);
    c.connect();
    // Two failed attempts first: the back-off has grown to 4 s.
    last().serverClose();
    vi.advanceTimersByTime(1000);
    last().serverClose();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.all).toHaveLength(3);
    last().serverOpen();
    last().serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    last().serverClose(1012);
    vi.advanceTimersByTime(124);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1); // 0.5 x 250 ms
    expect(FakeSocket.all).toHaveLength(4);
    last().serverOpen();
    expect(last().types()).toEqual(['login:tok', 'sub:DAY_MARKET']);
    last().serverSend({ type: 'login_result', code: 1, msg: 'ok' });
    expect(last().types()).toEqual(['login:tok', 'sub:DAY_MARKET', 'sub:FOREX_TRADE']);
    // The restart reset the back-off: a later ordinary failure waits 1 s again.
    last().serverClose();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('connect() during a back-off wait connects at once', () => {
    const c = makeClient();
    c.connect();
    last().serverClose();
    c.connect();
    expect(FakeSocket.all).toHaveLength(2);
    last().serverOpen();
    vi.advanceTimersByTime(4000);
    expect(FakeSocket.all).toHaveLength(2); // the pending back-off timer was cancelled
  });

  it('disconnect() stops reconnecting', () => {
    const c = makeClient();
    c.connect();
    last().serverOpen();
    c.disconnect();
    vi.advanceTimersByTime(120000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(c.getStatus()).toBe('closed');
  });

  it('syncToken logs in after login and logs out after logout', () => {
    const c = makeClient();
    c.connect();
    last().serverOpen();
    expect(last().types()).toEqual([]);
    token = 't2';
    c.syncToken();
    c.syncToken();
    expect(last().types()).toEqual(['login:t2']);
    token = null;
    c.syncToken();
    expect(last().types()).toEqual(['login:t2', 'logout']);
    expect(c.isLoggedIn()).toBe(false);
  });

  it('a failing handler does not stop the others', () => {
    const c = makeClient();
    const ok = vi.fn();
    c.subscribe('DAY_MARKET', () => {
      throw new Error('boom');
    });
    c.subscribe('DAY_MARKET', ok);
    c.connect();
    last().serverOpen();
    last().serverSend({ type: 'DAY_MARKET' });
    expect(ok).toHaveBeenCalledTimes(1);
  });
});
