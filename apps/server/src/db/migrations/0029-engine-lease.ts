import { sql, type Kysely } from 'kysely';

/**
 * Engine leadership with a lease and a fencing epoch (DESIGN principle 14).
 *
 * engine_lease: who leads and until when. The leader renews expires_at every second or so; a
 * standby that finds it expired takes over - even from a leader that still holds its advisory
 * lock because its process hangs (SIGSTOP, a long pause) with its connection open.
 *
 * engine_fence: the epoch engine writes must carry. Every connection of the engine's pool sets
 * `tp.engine_epoch`; a trigger on each table the engine writes refuses the statement when that is
 * not the current epoch, and holds a share lock on the fence row until its transaction ends. A
 * takeover raises the epoch in the fence row, which waits for (or ends) the deposed leader's
 * transactions in flight: once the new epoch is in place, nothing of the old one can commit.
 * Connections without the setting (the HTTP side, tools) pass untouched.
 */
const FENCED_TABLES = [
  'ticks',
  'candles',
  'ledger_transactions',
  'forex_orders',
  'micro_orders',
  'fund_incomes',
  'fund_subscriptions',
  'loans',
  'scheduled_runs',
  'follow_copies',
  'follow_replications',
  'fair_tick_blocks',
  'event_deliveries',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE engine_lease (
      id smallint PRIMARY KEY CHECK (id = 1),
      epoch bigint NOT NULL DEFAULT 0,
      holder text NOT NULL DEFAULT '',
      expires_at timestamptz NOT NULL DEFAULT '-infinity',
      acquired_at timestamptz
    )`.execute(db);
  await sql`INSERT INTO engine_lease (id) VALUES (1)`.execute(db);
  await sql`CREATE TABLE engine_fence (id smallint PRIMARY KEY CHECK (id = 1), epoch bigint NOT NULL DEFAULT 0)`.execute(db);
  await sql`INSERT INTO engine_fence (id) VALUES (1)`.execute(db);
  await sql`
    CREATE FUNCTION engine_fence_check() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      mine text := current_setting('tp.engine_epoch', true);
    BEGIN
      IF mine IS NULL OR mine = '' THEN
        RETURN NULL;
      END IF;
      PERFORM 1 FROM engine_fence WHERE id = 1 AND epoch = mine::bigint FOR SHARE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'engine epoch % was replaced by a newer leader: write refused', mine USING ERRCODE = 'TPF01';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of FENCED_TABLES) {
    await sql`
      CREATE TRIGGER engine_fence BEFORE INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION engine_fence_check()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of FENCED_TABLES) await sql`DROP TRIGGER IF EXISTS engine_fence ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION IF EXISTS engine_fence_check()`.execute(db);
  await sql`DROP TABLE IF EXISTS engine_fence`.execute(db);
  await sql`DROP TABLE IF EXISTS engine_lease`.execute(db);
}
