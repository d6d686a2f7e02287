import { sql, type Kysely } from 'kysely';

/**
 * Foundation: users and sessions, codes and captchas, settings and reference data, admins and
 * audit log, and the double-entry ledger. Plain SQL so the constraints read as they run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uid text NOT NULL UNIQUE CHECK (uid ~ '^[0-9]{8}$'),
      email text UNIQUE,
      password_hash text,
      invite_code text NOT NULL UNIQUE,
      inviter_id integer REFERENCES users(id),
      is_demo boolean NOT NULL DEFAULT false,
      demo_id text UNIQUE,
      is_trader boolean NOT NULL DEFAULT false,
      status smallint NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (is_demo = (demo_id IS NOT NULL)),
      CHECK (is_demo OR (email IS NOT NULL AND password_hash IS NOT NULL))
    );
    CREATE INDEX users_inviter_idx ON users (inviter_id);

    CREATE TABLE sessions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE verification_codes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      purpose smallint NOT NULL,
      address text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_codes_lookup_idx ON verification_codes (address, purpose, created_at DESC);

    CREATE TABLE captchas (
      id text PRIMARY KEY,
      answer_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE login_attempts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account text NOT NULL,
      ip text NOT NULL,
      success boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_attempts_account_idx ON login_attempts (account, created_at DESC);

    CREATE TABLE settings (
      key text PRIMARY KEY,
      value text,
      is_public boolean NOT NULL DEFAULT true
    );

    CREATE TABLE areas (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE,
      global_code text NOT NULL,
      name text NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE companies (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      logo text NOT NULL DEFAULT '',
      url text NOT NULL DEFAULT '',
      subject text NOT NULL DEFAULT '',
      registered_address text NOT NULL DEFAULT '',
      location text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT '',
      is_main boolean NOT NULL DEFAULT false
    );
    CREATE UNIQUE INDEX companies_one_main_idx ON companies (is_main) WHERE is_main;

    CREATE TABLE admins (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE admin_sessions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      admin_id integer NOT NULL REFERENCES admins(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    );

    CREATE TABLE audit_log (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      admin_id integer REFERENCES admins(id),
      action text NOT NULL,
      target text,
      detail jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE currencies (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL
    );

    -- Balances are a projection of the postings; user accounts never go below zero.
    -- System (house) accounts are the other side of money entering or leaving users and may.
    CREATE TABLE ledger_accounts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer REFERENCES users(id),
      account_type smallint,
      system_code text,
      currency_id integer NOT NULL REFERENCES currencies(id),
      balance numeric(36, 18) NOT NULL DEFAULT 0,
      lock_balance numeric(36, 18) NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((user_id IS NULL) = (account_type IS NULL)),
      CHECK ((user_id IS NULL) = (system_code IS NOT NULL)),
      CHECK (user_id IS NULL OR (balance >= 0 AND lock_balance >= 0)),
      UNIQUE (user_id, account_type, currency_id),
      UNIQUE (system_code, currency_id)
    );

    CREATE TABLE ledger_transactions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      memo text NOT NULL DEFAULT '',
      reference text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_transactions_kind_time_idx ON ledger_transactions (kind, created_at);

    CREATE TABLE ledger_postings (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      account_id integer NOT NULL REFERENCES ledger_accounts(id),
      bucket text NOT NULL CHECK (bucket IN ('available', 'held')),
      amount numeric(36, 18) NOT NULL
    );
    CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, transaction_id);
    CREATE INDEX ledger_postings_transaction_idx ON ledger_postings (transaction_id);

    -- Entries are never changed; a correction is a new reversing transaction.
    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
    END;
    $$;
    CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The foundation migration is not reversible: the ledger is append-only.');
}
