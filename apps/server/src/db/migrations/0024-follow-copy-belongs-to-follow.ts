import { sql, type Kysely } from 'kysely';

/**
 * A copy exists only for a follow: its (follower, trader) must be a follow_settings row (kept for
 * good, `active` false after unfollowing). That one key replaces the two separate keys to users,
 * which it implies (follow_settings references both users): the rule is stronger - no copy of a
 * trader the follower never followed - and a copy row costs one foreign-key check instead of two,
 * which a trader's fill pays once per follower.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE follow_copies
      DROP CONSTRAINT follow_copies_follower_id_fkey,
      DROP CONSTRAINT follow_copies_trader_id_fkey,
      ADD CONSTRAINT follow_copies_follow FOREIGN KEY (follower_id, trader_id) REFERENCES follow_settings (follower_id, trader_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE follow_copies
      DROP CONSTRAINT follow_copies_follow,
      ADD CONSTRAINT follow_copies_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES users(id),
      ADD CONSTRAINT follow_copies_trader_id_fkey FOREIGN KEY (trader_id) REFERENCES users(id);
  `.execute(db);
}
