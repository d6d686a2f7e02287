import { sql, type Kysely } from 'kysely';

/**
 * Sessions expire (they never did): after an idle time and at the latest after an absolute
 * lifetime, staff sooner than users. Each session carries its own: `idle_for` and
 * `hard_expires_at` are set when it starts (from the configuration then), and `expires_at` - what
 * every token check compares with now() - moves to least(hard_expires_at, now() + idle_for)
 * when the session is used (at most once a minute). Sessions open today get the default
 * lifetimes counted from their start and their last use.
 */
const LIFETIMES = [
  { table: 'sessions', idle: '14 days', max: '60 days' },
  { table: 'admin_sessions', idle: '30 minutes', max: '12 hours' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, idle, max } of LIFETIMES) {
    const t = sql.table(table);
    await sql`ALTER TABLE ${t} ADD COLUMN idle_for interval NOT NULL DEFAULT ${sql.lit(idle)}::interval`.execute(db);
    await sql`ALTER TABLE ${t} ADD COLUMN hard_expires_at timestamptz`.execute(db);
    await sql`ALTER TABLE ${t} ADD COLUMN expires_at timestamptz`.execute(db);
    await sql`
      UPDATE ${t} SET hard_expires_at = created_at + ${sql.lit(max)}::interval,
        expires_at = least(created_at + ${sql.lit(max)}::interval, coalesce(last_used_at, created_at) + ${sql.lit(idle)}::interval)`.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN hard_expires_at SET DEFAULT now() + ${sql.lit(max)}::interval, ALTER COLUMN hard_expires_at SET NOT NULL`.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN expires_at SET DEFAULT now() + ${sql.lit(idle)}::interval, ALTER COLUMN expires_at SET NOT NULL`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of LIFETIMES) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN expires_at, DROP COLUMN hard_expires_at, DROP COLUMN idle_for`.execute(db);
  }
}
