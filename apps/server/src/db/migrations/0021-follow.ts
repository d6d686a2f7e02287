import { sql, type Kysely } from 'kysely';

/**
 * Copy trading (issue 15).
 *
 * - `trader_applications`: a user's request to become a trader, decided in the console's queue;
 *   at most one waits per user.
 * - `follow_settings`: who follows whom and how (order multiple, max margin per copy). Unfollowing
 *   keeps the row, inactive, so the follower's history still names the settings it was copied with.
 * - `follow_replications`: one row per trader order once its copies are made (the engine's "done"
 *   mark; also the trader's stop loss and take profit last passed on to the copies).
 * - `follow_copies`: exactly one row per (trader order, follower): the copy's order, or why no copy
 *   was made. `detached` once the follower unfollowed: the copy no longer follows the trader's close.
 * - `follow_trader_stats`: the ranking's figures, written by the close-event consumer and the
 *   scheduled full recompute, never by a request.
 * - Two partial indexes on forex_orders for the engine's replication queries (recent own fills and
 *   closes of traders, open copies by their trader order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE trader_applications (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      -- 0 waiting, 1 approved, 2 rejected
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      remark text NOT NULL DEFAULT '',
      reviewed_by integer REFERENCES admins(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz
    );
    CREATE UNIQUE INDEX trader_applications_one_waiting ON trader_applications (user_id) WHERE status = 0;
    CREATE INDEX trader_applications_queue ON trader_applications (status, id DESC);

    CREATE TABLE follow_settings (
      follower_id integer NOT NULL REFERENCES users(id),
      trader_id integer NOT NULL REFERENCES users(id),
      multiple numeric(10, 2) NOT NULL CHECK (multiple > 0),
      -- most margin one copy may hold; 0: no limit
      max_amount numeric(20, 6) NOT NULL CHECK (max_amount >= 0),
      auto_follow boolean NOT NULL DEFAULT true,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (follower_id, trader_id),
      CHECK (follower_id <> trader_id)
    );
    CREATE INDEX follow_settings_trader ON follow_settings (trader_id, follower_id) WHERE active;

    CREATE TABLE follow_replications (
      trader_order_id integer PRIMARY KEY REFERENCES forex_orders(id),
      trader_id integer NOT NULL REFERENCES users(id),
      stop_loss numeric NOT NULL,
      take_profit numeric NOT NULL,
      copies integer NOT NULL DEFAULT 0,
      skipped integer NOT NULL DEFAULT 0,
      replicated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE follow_copies (
      trader_order_id integer NOT NULL REFERENCES forex_orders(id),
      follower_id integer NOT NULL REFERENCES users(id),
      trader_id integer NOT NULL REFERENCES users(id),
      -- deferred: the copy row is claimed first (its key makes the copy happen once), its order inserted after
      copy_order_id integer UNIQUE REFERENCES forex_orders(id) DEFERRABLE INITIALLY DEFERRED,
      skip_reason text CHECK (skip_reason IN ('below_min_lots', 'insufficient_funds')),
      detached boolean NOT NULL DEFAULT false,
      profit_share numeric(36, 6) NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (trader_order_id, follower_id),
      CHECK ((copy_order_id IS NULL) <> (skip_reason IS NULL))
    );
    CREATE INDEX follow_copies_follower ON follow_copies (follower_id, trader_order_id DESC);
    CREATE INDEX follow_copies_trader ON follow_copies (trader_id, trader_order_id DESC);

    CREATE TABLE follow_trader_stats (
      trader_id integer PRIMARY KEY REFERENCES users(id),
      three_week_rate numeric(20, 2) NOT NULL DEFAULT 0,
      three_week_win numeric(6, 2) NOT NULL DEFAULT 0,
      three_week_profit numeric(36, 2) NOT NULL DEFAULT 0,
      three_week_trades integer NOT NULL DEFAULT 0,
      total_rate numeric(20, 2) NOT NULL DEFAULT 0,
      total_win numeric(6, 2) NOT NULL DEFAULT 0,
      total_profit numeric(36, 2) NOT NULL DEFAULT 0,
      total_trades integer NOT NULL DEFAULT 0,
      max_drawdown numeric(36, 2) NOT NULL DEFAULT 0,
      avg_holding_seconds integer NOT NULL DEFAULT 0,
      equity_curve jsonb NOT NULL DEFAULT '[]',
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE INDEX forex_orders_own_filled ON forex_orders (filled_at) WHERE origin_id = 0 AND filled_at IS NOT NULL;
    CREATE INDEX forex_orders_open_copies ON forex_orders (origin_id) WHERE origin_id > 0 AND status = 1;

    INSERT INTO settings (key, value) VALUES ('follow_profit_share', '10') ON CONFLICT (key) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX forex_orders_open_copies;
    DROP INDEX forex_orders_own_filled;
    DROP TABLE follow_trader_stats, follow_copies, follow_replications, follow_settings, trader_applications;
    DELETE FROM settings WHERE key = 'follow_profit_share';
  `.execute(db);
}
