import { useCallback, useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { marketEndpoints, type Watchlist } from '@tp/contracts';
import { call } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';
import { storage } from '../../../lib/storage';

/** A visitor's stars: kept on this device only, never sent. */
export const LOCAL_WATCHLIST_KEY = 'tp.watchlist';
/** More than the platform lists: a damaged stored value cannot grow without bound. */
const LOCAL_MAX = 200;
const NONE: readonly number[] = [];

function readLocal(): readonly number[] {
  try {
    const parsed: unknown = JSON.parse(storage.get(LOCAL_WATCHLIST_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return NONE;
    return [...new Set(parsed.filter((v): v is number => Number.isInteger(v) && v > 0))].slice(0, LOCAL_MAX);
  } catch {
    return NONE;
  }
}

interface LocalWatchlist {
  ids: readonly number[];
  toggle(id: number): void;
}

const useLocalWatchlist = create<LocalWatchlist>((set, get) => ({
  ids: readLocal(),
  toggle(id) {
    const cur = get().ids;
    const ids = cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id].slice(-LOCAL_MAX);
    storage.set(LOCAL_WATCHLIST_KEY, JSON.stringify(ids));
    set({ ids });
  },
}));

/** Tests start each case from what is stored. */
export function reloadLocalWatchlist(): void {
  useLocalWatchlist.setState({ ids: readLocal() });
}

/** GET /v2/api/forex/watchlist: the signed-in user's starred symbol Ids (demo accounts too). */
export const watchlistQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['market', 'watchlist', token],
    // Quiet: without it the markets are still listed, only not starred first.
    queryFn: ({ signal }) => call(marketEndpoints.watchlist, undefined, { signal, silent: true }),
    enabled: !!token,
    staleTime: 60_000,
  });

export interface WatchlistState {
  /** Starred symbol Ids, in the order starred. */
  ids: readonly number[];
  starred: ReadonlySet<number>;
  /** A signed-in user's list has not been answered yet (lists wait for it rather than reorder). */
  pending: boolean;
  toggle(id: number): void;
}

/**
 * The user's watchlist: on the server for a signed-in user (a star shows at once and is undone if
 * refused), on the device for a visitor. Changes go one at a time, so answers never arrive out of
 * order.
 */
export function useWatchlist(): WatchlistState {
  const token = useAuth((s) => s.token);
  const local = useLocalWatchlist((s) => s.ids);
  const toggleLocal = useLocalWatchlist((s) => s.toggle);
  const client = useQueryClient();
  const options = watchlistQuery(token);
  const query = useQuery(options);
  const key = options.queryKey;
  const change = useMutation({
    scope: { id: 'market.watchlist' },
    mutationFn: ({ id, star }: { id: number; star: boolean }) =>
      star ? call(marketEndpoints.watchlistAdd, { forex_id: id }) : call(marketEndpoints.watchlistRemove, { forex_id: id }),
    onMutate: async ({ id, star }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Watchlist>(key);
      client.setQueryData<Watchlist>(key, (cur = []) => (star ? [...cur.filter((x) => x !== id), id] : cur.filter((x) => x !== id)));
      return { before };
    },
    onError: (_err, _vars, context) => client.setQueryData(key, context?.before),
    onSuccess: (ids) => client.setQueryData(key, ids),
  });
  const mutate = change.mutate;

  const ids = token ? (query.data ?? NONE) : local;
  const starred = useMemo(() => new Set(ids), [ids]);
  const toggle = useCallback(
    (id: number) => {
      if (!token) toggleLocal(id);
      else mutate({ id, star: !starred.has(id) });
    },
    [token, toggleLocal, mutate, starred],
  );
  return { ids, starred, pending: !!token && query.isPending, toggle };
}
