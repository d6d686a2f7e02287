import { sql, type Kysely } from 'kysely';

/**
 * Wallet: deposit channels, uploads, deposit records (charges), withdrawal currencies, bound
 * withdrawal methods, withdrawals, transfers and idempotency keys. Money is NUMERIC(36, 18) like
 * the ledger; every money move itself is a ledger transaction referenced from these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Where users send coins (GET /api/quickCharge/info).
    CREATE TABLE deposit_addresses (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      currency_code text NOT NULL,
      protocol_code text NOT NULL,
      address text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0
    );

    -- Currencies a bank deposit can be made in, and the collection accounts per currency.
    CREATE TABLE bank_coins (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL UNIQUE,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE bank_accounts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      bank_coin_id integer NOT NULL REFERENCES bank_coins(id),
      bank_name text NOT NULL,
      bank_address text NOT NULL DEFAULT '',
      bank_swift text NOT NULL DEFAULT '',
      payee_name text NOT NULL,
      payee_account text NOT NULL,
      bank_remark text NOT NULL DEFAULT '',
      enabled boolean NOT NULL DEFAULT true
    );
    CREATE INDEX bank_accounts_coin_idx ON bank_accounts (bank_coin_id);

    -- Uploaded images, stored under DATA_DIR/uploads by a random name; mime is the sniffed type.
    CREATE TABLE uploads (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      stored_name text NOT NULL UNIQUE,
      mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
      size integer NOT NULL CHECK (size > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX uploads_user_idx ON uploads (user_id);

    -- Deposit records: type 0 coin / 1 bank; status 0 unchecked, 1 finished, 2 rejected, 3 invalid.
    CREATE TABLE charges (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      type smallint NOT NULL CHECK (type IN (0, 1)),
      number numeric(36, 18) NOT NULL CHECK (number > 0),
      currency_code text NOT NULL,
      upload_id integer NOT NULL REFERENCES uploads(id),
      deposit_address_id integer REFERENCES deposit_addresses(id),
      bank_account_id integer REFERENCES bank_accounts(id),
      address text NOT NULL DEFAULT '',
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
      remark text NOT NULL DEFAULT '',
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz,
      reviewed_by integer REFERENCES admins(id),
      CHECK ((type = 0) = (deposit_address_id IS NOT NULL)),
      CHECK ((type = 1) = (bank_account_id IS NOT NULL)),
      -- A finished deposit is one that was credited, and only that.
      CHECK ((status = 1) = (ledger_transaction_id IS NOT NULL))
    );
    CREATE INDEX charges_user_idx ON charges (user_id, id DESC);
    CREATE INDEX charges_status_idx ON charges (status, id);

    -- Currencies a withdrawal is paid out in. type 1 crypto / 2 bank; fee_type 1 fixed, else rate.
    CREATE TABLE withdraw_currencies (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL,
      protocol text NOT NULL DEFAULT '',
      type smallint NOT NULL CHECK (type IN (1, 2)),
      draw_rate numeric(36, 18) NOT NULL CHECK (draw_rate >= 0),
      fee_type smallint NOT NULL,
      draw_min numeric(36, 18) NOT NULL CHECK (draw_min >= 0),
      usd_price numeric(36, 18) NOT NULL DEFAULT 1,
      -- Decimal places a rate-based fee is rounded (up) to.
      places smallint NOT NULL DEFAULT 2 CHECK (places BETWEEN 0 AND 8),
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0
    );

    -- Bound withdrawal methods; deleting one only marks it (withdrawals keep pointing at it).
    CREATE TABLE withdraw_methods (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      type smallint NOT NULL CHECK (type IN (1, 2)),
      draw_id integer NOT NULL REFERENCES withdraw_currencies(id),
      dc_address text NOT NULL DEFAULT '',
      payee_account text NOT NULL DEFAULT '',
      payee_name text NOT NULL DEFAULT '',
      bank_name text NOT NULL DEFAULT '',
      bank_address text NOT NULL DEFAULT '',
      bank_swift text NOT NULL DEFAULT '',
      bank_branch text NOT NULL DEFAULT '',
      beneficiary_currency text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX withdraw_methods_user_idx ON withdraw_methods (user_id) WHERE deleted_at IS NULL;

    -- Withdrawals: status 0 pending (amount held on the account), 1 paid, 2 rejected (released).
    CREATE TABLE withdrawals (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      account_id integer NOT NULL REFERENCES ledger_accounts(id),
      draw_currency_id integer NOT NULL REFERENCES withdraw_currencies(id),
      method_id integer NOT NULL REFERENCES withdraw_methods(id),
      number numeric(36, 18) NOT NULL CHECK (number > 0),
      fee numeric(36, 18) NOT NULL CHECK (fee >= 0),
      real_number numeric(36, 18) NOT NULL CHECK (real_number > 0),
      notes text NOT NULL DEFAULT '',
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      remark text NOT NULL DEFAULT '',
      hold_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      settle_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz,
      reviewed_by integer REFERENCES admins(id),
      CHECK (fee + real_number = number),
      CHECK ((status = 0) = (settle_transaction_id IS NULL))
    );
    CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC);
    CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);

    -- Transfers between two accounts of one user (the ledger transaction is the truth).
    CREATE TABLE transfers (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      from_type smallint NOT NULL,
      to_type smallint NOT NULL,
      currency_id integer NOT NULL REFERENCES currencies(id),
      amount numeric(36, 18) NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (from_type <> to_type)
    );
    CREATE INDEX transfers_user_idx ON transfers (user_id, id DESC);

    -- The first answer to a money action per (user, Idempotency-Key), stored in the action's
    -- own transaction (a refusal, which changed nothing, is stored on its own afterwards).
    CREATE TABLE idempotency_keys (
      user_id integer NOT NULL REFERENCES users(id),
      key text NOT NULL,
      route text NOT NULL,
      request_hash text NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    );

    CREATE INDEX audit_log_target_idx ON audit_log (target, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX audit_log_target_idx;
    DROP TABLE idempotency_keys, transfers, withdrawals, withdraw_methods, withdraw_currencies, charges, uploads,
      bank_accounts, bank_coins, deposit_addresses;
  `.execute(db);
}
