import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores a device's subscription for the user. The endpoint is unique: a device already subscribed
 * for this user gets its keys refreshed; one subscribed for another account moves to this user
 * only with the very same keys (the same browser subscription, now used by another account).
 * Answers undefined when the endpoint is held by another user with other keys.
 */
export async function upsertSubscription(db: Executor, userId: number, s: SubscriptionKeys): Promise<{ id: number } | undefined> {
  return db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', userId),
            eb.and([eb('push_subscriptions.p256dh', '=', s.p256dh), eb('push_subscriptions.auth', '=', s.auth)]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
}

/** Deletes the user's subscriptions beyond the newest `keep`. */
export async function trimSubscriptions(db: Executor, userId: number, keep: number): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) => eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(keep))
    .execute();
}

/** Deletes one subscription of the user; false when the user has none with that endpoint. */
export async function deleteOwnSubscription(db: Executor, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).returning('id').executeTakeFirst();
  return gone !== undefined;
}

export async function subscriptionsOf(db: Executor, userId: number) {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute();
}
export type SubscriptionRow = Awaited<ReturnType<typeof subscriptionsOf>>[number];

/** The push service said the subscription is gone (404/410): never send to it again. */
export async function deleteSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markUsed(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_subscriptions').set({ last_used_at: sql<Date>`now()` }).where('id', 'in', ids).execute();
}
