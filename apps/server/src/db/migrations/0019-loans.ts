import { sql, type Kysely } from 'kysely';

/**
 * Loans (issue 16; decisions.md "Loans").
 *
 * - `loan_kyc`: one identity check per user (resubmitted in place after a rejection), reviewed in
 *   the console. The photos are uploads of the user.
 * - `loan_configs`: the terms staff offer. Rates are daily fractions ('0.0025' is 0.25 % a day).
 * - `loans`: an application copies its term's numbers, so a later change of the config never
 *   changes a signed loan; it keeps the evidence of the signature (the rendered agreement text and
 *   its SHA-256, the drawn signature, time, IP and user agent). At most one open loan per user
 *   (waiting 1, to repay 2, repayment under review 4) - the unique index holds it under races.
 *   `penalty_days` counts the overdue days already charged, so the daily job charges each day once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE loan_kyc (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL UNIQUE REFERENCES users(id),
      name text NOT NULL,
      last_name text NOT NULL,
      sex smallint NOT NULL CHECK (sex IN (1, 2)),
      -- yyyy-mm-dd as typed (a calendar date, no time zone to shift it)
      birthday text NOT NULL CHECK (birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      country text NOT NULL,
      mobile text NOT NULL,
      id_card_type smallint NOT NULL CHECK (id_card_type BETWEEN 1 AND 3),
      hand_upload_id integer NOT NULL REFERENCES uploads(id),
      signature_upload_id integer NOT NULL REFERENCES uploads(id),
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
      remark text NOT NULL DEFAULT '',
      reviewed_by integer REFERENCES admins(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX loan_kyc_status_idx ON loan_kyc (status, id);

    CREATE TABLE loan_configs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      loan_period integer NOT NULL CHECK (loan_period BETWEEN 1 AND 3650),
      min_amount numeric(20, 2) NOT NULL CHECK (min_amount > 0),
      max_amount numeric(20, 2) NOT NULL,
      interest_rate numeric(12, 8) NOT NULL CHECK (interest_rate >= 0 AND interest_rate < 1),
      free_period integer NOT NULL DEFAULT 0 CHECK (free_period >= 0),
      penalty_rate numeric(12, 8) NOT NULL CHECK (penalty_rate >= 0 AND penalty_rate < 1),
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (max_amount >= min_amount)
    );
    INSERT INTO loan_configs (loan_period, min_amount, max_amount, interest_rate, free_period, penalty_rate, sort) VALUES
      (7, 100, 5000, 0.001, 0, 0.0025, 1),
      (15, 500, 20000, 0.0008, 3, 0.0025, 2),
      (30, 1000, 50000, 0.0006, 5, 0.0025, 3);

    CREATE TABLE loans (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      config_id integer NOT NULL REFERENCES loan_configs(id),
      amount numeric(20, 2) NOT NULL CHECK (amount > 0),
      loan_period integer NOT NULL,
      free_period integer NOT NULL,
      interest_rate numeric(12, 8) NOT NULL,
      penalty_rate numeric(12, 8) NOT NULL,
      interest_amount numeric(20, 2) NOT NULL,
      penalty_amount numeric(20, 2) NOT NULL DEFAULT 0,
      penalty_days integer NOT NULL DEFAULT 0,
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 5),
      remark text NOT NULL DEFAULT '',
      agreement_version text NOT NULL,
      agreement_language text NOT NULL,
      agreement_text text NOT NULL,
      agreement_hash text NOT NULL,
      sign_upload_id integer NOT NULL REFERENCES uploads(id),
      signed_at timestamptz NOT NULL,
      signed_ip text NOT NULL,
      signed_user_agent text NOT NULL,
      reviewed_by integer REFERENCES admins(id),
      reviewed_at timestamptz,
      due_at timestamptz,
      repay_channel integer,
      repay_upload_id integer REFERENCES uploads(id),
      repay_amount numeric(20, 2),
      repay_submitted_at timestamptz,
      repaid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX loans_one_open_idx ON loans (user_id) WHERE status IN (1, 2, 4);
    CREATE INDEX loans_user_idx ON loans (user_id, id DESC);
    CREATE INDEX loans_status_idx ON loans (status, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE loans;
    DROP TABLE loan_configs;
    DROP TABLE loan_kyc;
  `.execute(db);
}
