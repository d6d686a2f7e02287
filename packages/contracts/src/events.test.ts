import { describe, expect, it } from 'vitest';
import { BUS_EVENTS, CLIENT_PUSHES, OUTBOX_EVENTS, isOutboxEventName, klineTopic } from './events.js';
import { PRIVATE_TOPICS, PUBLIC_TOPICS, isKnownTopic } from './ws.js';

describe('bus events', () => {
  it('every websocket topic has a push schema', () => {
    const topics = [...PUBLIC_TOPICS, ...PRIVATE_TOPICS, 'KLINE'];
    const withoutSchema = topics.filter((t) => !Object.hasOwn(CLIENT_PUSHES, t));
    expect(withoutSchema).toEqual([]);
    expect(isKnownTopic(klineTopic('BTCUSDT'))).toBe(true);
  });

  it('internal events never reach a socket: none is a websocket topic, and bus and outbox names are apart', () => {
    const internal = [...Object.keys(BUS_EVENTS), ...Object.keys(OUTBOX_EVENTS)];
    expect(internal.filter((n) => isKnownTopic(n))).toEqual([]);
    expect(Object.keys(BUS_EVENTS).filter((n) => isOutboxEventName(n))).toEqual([]);
  });

  it('a balance.changed payload names a user and at least one account type', () => {
    const schema = OUTBOX_EVENTS['balance.changed'];
    expect(schema.parse({ userId: 7, accountTypes: [1, 3] })).toEqual({ userId: 7, accountTypes: [1, 3] });
    expect(schema.safeParse({ userId: 7, accountTypes: [] }).success).toBe(false);
    expect(schema.safeParse({ userId: 0, accountTypes: [3] }).success).toBe(false);
  });

  it('the DAY_MARKET schema reads what the engine sends', () => {
    const day = { symbol: 'BTCUSDT', close: '1.00', change: '0.50', high: '1.10', low: '0.90', open: '0.99', volume: '12.5' };
    expect(CLIENT_PUSHES.DAY_MARKET.parse(day)).toEqual(day);
    expect(CLIENT_PUSHES.DAY_MARKET.safeParse({ ...day, close: 1 }).success).toBe(false);
  });
});
