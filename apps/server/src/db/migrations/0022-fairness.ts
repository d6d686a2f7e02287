import { sql, type Kysely } from 'kysely';

/**
 * Provable fairness (issue 20).
 *
 * - ticks.hash: SHA-256 of (previous hash, symbol, seq, price, time), canonical encoding in
 *   packages/domain/src/fair.ts; null on ticks stored before this migration (the chain starts at
 *   the first hashed tick).
 * - fair_tick_blocks: one published root per symbol per minute, over a contiguous run of the
 *   symbol's hashed ticks (first_seq..last_seq), chained to the symbol's previous block. Kept after
 *   tick retention prunes the ticks: it is what receipts are checked against.
 * - fair_receipts: a closed order's receipt as built once its ticks were published, so it can be
 *   shown after the ticks are pruned.
 * - fair_liability_roots / fair_liability_leaves: the daily Merkle sum tree of user balances and
 *   each user's inclusion proof.
 * Two partial indexes on the order tables let the receipt job find newly closed orders without a
 * scan; they serve only that read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE ticks ADD COLUMN hash bytea CHECK (hash IS NULL OR octet_length(hash) = 32);

    CREATE TABLE fair_tick_blocks (
      symbol_id integer NOT NULL REFERENCES trade_symbols(id),
      first_seq bigint NOT NULL,
      last_seq bigint NOT NULL,
      minute timestamptz NOT NULL,
      tick_count integer NOT NULL CHECK (tick_count > 0),
      merkle_root bytea NOT NULL,
      prev_root bytea NOT NULL,
      root bytea NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (symbol_id, first_seq),
      CHECK (last_seq >= first_seq)
    );
    CREATE UNIQUE INDEX fair_tick_blocks_last_idx ON fair_tick_blocks (symbol_id, last_seq);
    CREATE INDEX fair_tick_blocks_minute_idx ON fair_tick_blocks (minute, symbol_id);

    CREATE TABLE fair_receipts (
      kind text NOT NULL CHECK (kind IN ('option', 'contract')),
      order_id bigint NOT NULL,
      user_id integer NOT NULL REFERENCES users(id),
      body jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, order_id)
    );

    CREATE TABLE fair_liability_roots (
      day date PRIMARY KEY,
      root bytea NOT NULL,
      total numeric(36, 2) NOT NULL,
      users integer NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE fair_liability_leaves (
      day date NOT NULL REFERENCES fair_liability_roots(day),
      user_id integer NOT NULL REFERENCES users(id),
      position integer NOT NULL,
      balance numeric(36, 2) NOT NULL,
      nonce text NOT NULL,
      path jsonb NOT NULL,
      PRIMARY KEY (day, user_id)
    );

    CREATE INDEX micro_orders_completed_idx ON micro_orders (complete_at) WHERE status = 3;
    CREATE INDEX forex_orders_closed_idx ON forex_orders (closed_at) WHERE status = 3;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX forex_orders_closed_idx; DROP INDEX micro_orders_completed_idx;
    DROP TABLE fair_liability_leaves; DROP TABLE fair_liability_roots; DROP TABLE fair_receipts; DROP TABLE fair_tick_blocks;
    ALTER TABLE ticks DROP COLUMN hash;
  `.execute(db);
}
