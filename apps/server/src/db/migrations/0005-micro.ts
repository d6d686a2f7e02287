import { sql, type Kysely } from 'kysely';

/**
 * Options (micro): the seconds options and amount presets (admin-editable config, seeded), the
 * orders. An order cites the stored ticks it was opened
 * and settled at by their per-symbol sequence numbers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE micro_seconds_options (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      seconds integer NOT NULL UNIQUE CHECK (seconds > 0),
      -- a fraction: 0.85 pays 85 % of the stake on a win
      profit_ratio numeric(10, 4) NOT NULL CHECK (profit_ratio > 0),
      -- the smallest stake this option takes
      limit_amount numeric(20, 2) NOT NULL CHECK (limit_amount >= 0),
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true
    );

    CREATE TABLE micro_amount_presets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      amount numeric(20, 2) NOT NULL UNIQUE CHECK (amount > 0),
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE micro_orders (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      symbol_id integer NOT NULL REFERENCES trade_symbols(id),
      -- 1 up, 2 down
      type smallint NOT NULL CHECK (type IN (1, 2)),
      amount numeric(20, 2) NOT NULL CHECK (amount > 0),
      seconds integer NOT NULL CHECK (seconds > 0),
      -- the option's terms as they were at submission (an admin may edit the option later)
      profit_ratio numeric(10, 4) NOT NULL,
      loss_level smallint NOT NULL,
      open_price numeric(30, 10) NOT NULL,
      entry_tick_seq bigint NOT NULL,
      end_price numeric(30, 10),
      exit_tick_seq bigint,
      fact_profits numeric(20, 2),
      -- 1 running, 3 closed
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 3)),
      created_at timestamptz NOT NULL,
      expire_at timestamptz NOT NULL,
      complete_at timestamptz,
      -- how a closed order closed: 1 settled at its exit tick, 2 voided by a demo account reset
      -- (the reset takes the held stake back with the rest of the demo money)
      close_type smallint CHECK (close_type IN (1, 2)),
      CHECK (expire_at > created_at),
      CHECK ((status = 3) = (close_type IS NOT NULL AND fact_profits IS NOT NULL AND complete_at IS NOT NULL)),
      CHECK ((close_type = 1) = (end_price IS NOT NULL AND exit_tick_seq IS NOT NULL)),
      CHECK (exit_tick_seq IS NULL OR exit_tick_seq > entry_tick_seq)
    );
    -- the user's lists (running / closed, newest first)
    CREATE INDEX micro_orders_user_idx ON micro_orders (user_id, status, id DESC);
    -- the engine rebuilds its expiry queue from the running orders only
    CREATE INDEX micro_orders_running_idx ON micro_orders (expire_at) WHERE status = 1;

    -- First values of the admin-editable config. Seeded here rather than in seed.ts so a database
    -- created before options existed gets them exactly once, and an option an admin removes later
    -- does not come back on the next start.
    INSERT INTO micro_seconds_options (seconds, profit_ratio, limit_amount, sort) VALUES
      (30, 0.80, 10, 1),
      (60, 0.85, 10, 2),
      (120, 0.88, 50, 3),
      (300, 0.92, 100, 4);
    INSERT INTO micro_amount_presets (amount, sort) VALUES (10, 1), (50, 2), (100, 3), (500, 4), (1000, 5);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE micro_orders; DROP TABLE micro_amount_presets; DROP TABLE micro_seconds_options;`.execute(db);
}
