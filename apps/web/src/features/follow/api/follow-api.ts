import { followEndpoints, type FollowRankSort, type FollowTraderInput } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** Query keys of the follow feature; the token keeps one user's answers from another's. */
export const followKeys = {
  all: ['follow'] as const,
  ranking: (sort: FollowRankSort, token: string | null) => ['follow', 'ranking', sort, token] as const,
  traders: (token: string | null) => ['follow', 'traders', token] as const,
  trader: (id: number, token: string | null) => ['follow', 'trader', id, token] as const,
  application: (token: string | null) => ['follow', 'application', token] as const,
  followed: (token: string | null) => ['follow', 'followed', token] as const,
  followers: (token: string | null) => ['follow', 'followers', token] as const,
  copies: (status: 1 | 3, token: string | null) => ['follow', 'copies', status, token] as const,
};

export const fetchRanking = (sort: FollowRankSort, signal?: AbortSignal) => call(followEndpoints.list, { sort }, { signal });
export const fetchTraders = (page: number, signal?: AbortSignal) => call(followEndpoints.traderList, { page }, { signal });
// Silent: an unknown trader is the screen's own "not found", not a toast over it.
export const fetchTrader = (id: number, signal?: AbortSignal) => call(followEndpoints.traderDetail, { id }, { signal, silent: true });
export const fetchApplication = (signal?: AbortSignal) => call(followEndpoints.application, undefined, { signal });
export const applyTrader = () => call(followEndpoints.applyTrader, {}, { announce: true });
export const followTrader = (input: Omit<FollowTraderInput, 't'>) => call(followEndpoints.followTrader, input, { announce: true });
export const cancelFollow = (traderId: number) => call(followEndpoints.canalFollow, { trader_id: traderId }, { announce: true });
export const fetchFollowed = (page: number, signal?: AbortSignal) => call(followEndpoints.followedTrader, { page }, { signal });
export const fetchFollowers = (page: number, signal?: AbortSignal) => call(followEndpoints.myFollower, { page }, { signal });
export const fetchCopies = (status: 1 | 3, page: number, signal?: AbortSignal) => call(followEndpoints.myDealFollowOrder, { status, page }, { signal });
