import type { EndpointSpec, Paged } from '@tp/contracts';
import { call } from '../../lib/api';
import type { QueueItem } from './queue-definition';

interface SendOptions {
  pathParams?: Record<string, string | number>;
  silent?: boolean;
  announce?: boolean;
  signal?: AbortSignal;
}

/**
 * `call` for endpoints only known as a queue's definition: `call`'s argument types are worked
 * out per endpoint, which a component written for any queue cannot name. The definitions are
 * checked against their endpoints instead (defineQueue).
 */
const send = call as unknown as (endpoint: EndpointSpec, input: unknown, options: SendOptions) => Promise<unknown>;

export function listQueue<T extends QueueItem>(endpoint: EndpointSpec, status: number, page: number, signal?: AbortSignal): Promise<Paged<T>> {
  return send(endpoint, { status, page }, { signal }) as Promise<Paged<T>>;
}

/** Approve (with an optional note) or reject (with a reason): the server's message is announced; refusals are left to the caller. */
export function decide(endpoint: EndpointSpec, id: number, reason: string | undefined): Promise<unknown> {
  return send(endpoint, reason ? { reason } : {}, { pathParams: { id }, silent: true, announce: true });
}

/**
 * An item as it is now, after a decision (ours or another reviewer's) took it off the waiting
 * filter: looked for on the first page of each decided status. Null when not found there.
 */
export async function findDecided<T extends QueueItem>(endpoint: EndpointSpec, statuses: readonly number[], id: number): Promise<T | null> {
  const pages = await Promise.all(statuses.map((status) => (send(endpoint, { status, page: 1 }, { silent: true }) as Promise<Paged<T>>).catch(() => null)));
  for (const p of pages) {
    const hit = p?.data.find((i) => i.id === id);
    if (hit) return hit;
  }
  return null;
}
