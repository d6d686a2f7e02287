import { beforeEach, describe, expect, it } from 'vitest';
import { changesLists, useCopyLive } from './copy-live';
import { readFollowTradePush } from './follow-push-reader';

const push = (orders: { Id: number; UpdatePrice: string; FactProfits: string; Status: number }[]) => ({ user_id: 7, follower_id: 9, TransOrder: orders });

beforeEach(() => useCopyLive.getState().reset());

describe('FOREX_FOLLOW_TRADE on the copy list', () => {
  it('a floating-profit push of copies the open list holds changes figures only; an open, a close or an unknown id reads the lists again', () => {
    const open = new Set([1, 2]);
    expect(changesLists(push([{ Id: 1, UpdatePrice: '101', FactProfits: '1.5', Status: 1 }]), open)).toBe(false);
    expect(changesLists(push([{ Id: 3, UpdatePrice: '101', FactProfits: '0', Status: 1 }]), open)).toBe(true);
    expect(changesLists(push([{ Id: 2, UpdatePrice: '99', FactProfits: '-1', Status: 3 }]), open)).toBe(true);
  });

  it('keeps the live figures of holding copies, the same object when nothing changed, and ignores closed ones', () => {
    useCopyLive.getState().apply(push([{ Id: 1, UpdatePrice: '101', FactProfits: '1.5', Status: 1 }, { Id: 2, UpdatePrice: '99', FactProfits: '-1', Status: 3 }]));
    const first = useCopyLive.getState().orders;
    expect(first).toEqual({ 1: { UpdatePrice: '101', FactProfits: '1.5' } });
    useCopyLive.getState().apply(push([{ Id: 1, UpdatePrice: '101', FactProfits: '1.5', Status: 1 }]));
    expect(useCopyLive.getState().orders).toBe(first);
    useCopyLive.getState().apply(push([{ Id: 1, UpdatePrice: '102', FactProfits: '2.5', Status: 1 }]));
    expect(useCopyLive.getState().orders[1]).toEqual({ UpdatePrice: '102', FactProfits: '2.5' });
  });

  it('reads only well-formed pushes', () => {
    expect(readFollowTradePush({ user_id: 1 })).toBeNull();
    expect(readFollowTradePush(push([{ Id: 1, UpdatePrice: '1', FactProfits: '0', Status: 1 }]))).not.toBeNull();
  });
});
