import { sql, type Kysely } from 'kysely';

/**
 * Market: categories, trade symbols, the tick log and candles. Ticks are keyed by the per-symbol
 * sequence number the engine assigns, so a replayed or duplicated write is harmless.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE market_categories (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE,
      -- {"hk": "...", "en": "...", ...}: the name in each interface language
      names jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE trade_symbols (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{2,16}$'),
      show_code text NOT NULL,
      logo text NOT NULL,
      category_id integer NOT NULL REFERENCES market_categories(id),
      price_precision smallint NOT NULL CHECK (price_precision BETWEEN 0 AND 10),
      pip numeric(20, 8) NOT NULL CHECK (pip > 0),
      min_cont numeric(20, 8) NOT NULL CHECK (min_cont > 0),
      cont_num numeric(20, 8) NOT NULL CHECK (cont_num > 0),
      fee_rate numeric(20, 8) NOT NULL CHECK (fee_rate >= 0),
      spread numeric(20, 10) NOT NULL CHECK (spread >= 0),
      margin_mode smallint NOT NULL,
      leverages integer[] NOT NULL DEFAULT '{}',
      -- 'forex': the forex week; 'always': around the clock
      schedule text NOT NULL CHECK (schedule IN ('forex', 'always')),
      -- simulator parameters: annualised volatility, ticks per second, mean volume per tick
      volatility double precision NOT NULL CHECK (volatility > 0),
      ticks_per_second double precision NOT NULL CHECK (ticks_per_second > 0),
      tick_volume numeric(30, 8) NOT NULL CHECK (tick_volume > 0),
      -- the price the simulator starts from when a symbol has no history
      initial_price numeric(30, 10) NOT NULL CHECK (initial_price > 0),
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true
    );
    CREATE INDEX trade_symbols_category_idx ON trade_symbols (category_id, sort);

    CREATE TABLE ticks (
      symbol_id integer NOT NULL REFERENCES trade_symbols(id),
      seq bigint NOT NULL,
      price numeric(30, 10) NOT NULL,
      volume numeric(30, 8) NOT NULL,
      at timestamptz NOT NULL,
      PRIMARY KEY (symbol_id, seq)
    );
    -- Retention deletes by time; BRIN stays tiny on an append-mostly table.
    CREATE INDEX ticks_at_brin ON ticks USING brin (at);

    CREATE TABLE candles (
      symbol_id integer NOT NULL REFERENCES trade_symbols(id),
      period smallint NOT NULL CHECK (period IN (1, 5, 15, 30, 60, 1440)),
      time timestamptz NOT NULL,
      open numeric(30, 10) NOT NULL,
      high numeric(30, 10) NOT NULL,
      low numeric(30, 10) NOT NULL,
      close numeric(30, 10) NOT NULL,
      volume numeric(30, 8) NOT NULL,
      PRIMARY KEY (symbol_id, period, time)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE candles; DROP TABLE ticks; DROP TABLE trade_symbols; DROP TABLE market_categories;`.execute(db);
}
