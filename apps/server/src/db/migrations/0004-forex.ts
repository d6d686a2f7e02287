import { sql, type Kysely } from 'kysely';

/**
 * Forex (contract) orders.
 *
 * Status: 0 pending, 1 holding, 2 closing (reserved: a close here is one transaction, so it is
 * never stored), 3 closed, 4 cancelled. CloseType: 1 user, 2 stop-out, 3 take profit, 4 stop loss,
 * 5 admin. Prices and amounts are NUMERIC; a price of 0 for a stop means "off".
 * open_tick_seq / close_tick_seq cite the stored tick (ticks.seq of the order's symbol) the order
 * was filled / closed at, so every fill and settlement can be traced to a price the feed gave.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE forex_orders (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      symbol_id integer NOT NULL REFERENCES trade_symbols(id),
      origin_id integer NOT NULL DEFAULT 0,
      order_type smallint NOT NULL CHECK (order_type IN (1, 2)),
      is_pending boolean NOT NULL,
      quantity numeric(30, 10) NOT NULL CHECK (quantity > 0),
      -- units per lot at submission: later symbol edits never change an open order's money
      cont_num numeric(20, 8) NOT NULL CHECK (cont_num > 0),
      spread numeric(20, 10) NOT NULL CHECK (spread >= 0),
      origin_price numeric(30, 10) NOT NULL,
      price numeric(30, 10) NOT NULL,
      update_price numeric(30, 10),
      fact_profits numeric(36, 18),
      caution_money numeric(36, 18) NOT NULL CHECK (caution_money > 0),
      trade_fee numeric(36, 18) NOT NULL CHECK (trade_fee >= 0),
      multiple integer NOT NULL CHECK (multiple > 0),
      target_loss_price numeric(30, 10) NOT NULL DEFAULT 0 CHECK (target_loss_price >= 0),
      target_profit_price numeric(30, 10) NOT NULL DEFAULT 0 CHECK (target_profit_price >= 0),
      target_price numeric(30, 10),
      status smallint NOT NULL CHECK (status IN (0, 1, 2, 3, 4)),
      close_type smallint CHECK (close_type IN (1, 2, 3, 4, 5)),
      open_tick_seq bigint,
      close_tick_seq bigint,
      is_demo boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      filled_at timestamptz,
      closed_at timestamptz,
      CHECK (is_pending = (target_price IS NOT NULL)),
      CHECK ((status IN (3, 4)) = (closed_at IS NOT NULL)),
      CHECK ((status IN (3, 4)) = (close_type IS NOT NULL)),
      CHECK (status <> 1 OR (filled_at IS NOT NULL AND open_tick_seq IS NOT NULL)),
      CHECK (status <> 3 OR (close_tick_seq IS NOT NULL AND fact_profits IS NOT NULL AND update_price IS NOT NULL))
    );
    -- my_deal: one user's tab, newest first.
    CREATE INDEX forex_orders_user_status_idx ON forex_orders (user_id, status, id DESC);
    -- The engine's rebuild reads only open orders (pending and holding): a small partial index.
    CREATE INDEX forex_orders_open_idx ON forex_orders (symbol_id, status) WHERE status IN (0, 1);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE forex_orders;`.execute(db);
}
