import { sql, type Kysely } from 'kysely';

/**
 * Mining funds (issue 17; decisions.md "Mining funds").
 *
 * - `funds`: the products staff configure. Never deleted: `enabled = false` retires one, so the
 *   subscriptions that cite it stay readable.
 * - `fund_subscriptions`: the terms are copied at subscription (rate, days, damages, day profit)
 *   so a later change of the fund never changes what was promised. `next_due_at` is when the next
 *   income is due (NULL once none is left): the income job reads only the due rows by its index.
 * - `fund_incomes`: one row per subscription and day, UNIQUE (subscription_id, day): with the
 *   ledger reference `fund:<sub>:<day>` it makes each income happen once, whatever the job does.
 * Four funds with their images are seeded here so an existing database gets them once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE funds (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
      image text NOT NULL DEFAULT '',
      currency_code text NOT NULL DEFAULT 'USDT',
      dividend_percentage numeric(10, 4) NOT NULL CHECK (dividend_percentage >= 0 AND dividend_percentage <= 100),
      staring_sub_amount numeric(36, 18) NOT NULL CHECK (staring_sub_amount > 0),
      max_sub_amount numeric(36, 18) NOT NULL,
      lock_dividend_days integer NOT NULL CHECK (lock_dividend_days BETWEEN 1 AND 3650),
      liquidated_damages numeric(10, 4) NOT NULL CHECK (liquidated_damages >= 0 AND liquidated_damages <= 100),
      "desc" text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT funds_amount_range CHECK (max_sub_amount >= staring_sub_amount)
    );

    CREATE TABLE fund_subscriptions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      fund_id integer NOT NULL REFERENCES funds(id),
      account_id integer NOT NULL REFERENCES ledger_accounts(id),
      is_demo boolean NOT NULL,
      -- 1 in progress, 2 refunding, 3 refunded, 4 finished
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 4),
      share_amount numeric(36, 18) NOT NULL CHECK (share_amount > 0),
      dividend_percentage numeric(10, 4) NOT NULL,
      lock_dividend_days integer NOT NULL,
      liquidated_damages numeric(10, 4) NOT NULL,
      day_profit numeric(36, 18) NOT NULL,
      sum_profit numeric(36, 18) NOT NULL DEFAULT 0,
      paid_days integer NOT NULL DEFAULT 0 CHECK (paid_days >= 0 AND paid_days <= lock_dividend_days),
      sub_time timestamptz NOT NULL,
      next_due_at timestamptz,
      hold_transaction_id bigint NOT NULL,
      settle_transaction_id bigint,
      refund_applied_at timestamptz,
      reviewed_at timestamptz,
      reviewed_by integer REFERENCES admins(id),
      remark text NOT NULL DEFAULT '',
      finished_at timestamptz
    );
    CREATE INDEX fund_subscriptions_user_idx ON fund_subscriptions (user_id, id DESC);
    -- the income job: subscriptions with an income still to pay, by when it is due
    CREATE INDEX fund_subscriptions_due_idx ON fund_subscriptions (next_due_at) WHERE next_due_at IS NOT NULL;
    -- the early redemption queue
    CREATE INDEX fund_subscriptions_status_idx ON fund_subscriptions (status, id DESC);

    CREATE TABLE fund_incomes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      subscription_id integer NOT NULL REFERENCES fund_subscriptions(id),
      day integer NOT NULL CHECK (day >= 1),
      interest numeric(36, 18) NOT NULL,
      due_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT fund_incomes_once UNIQUE (subscription_id, day)
    );

    INSERT INTO funds (title, image, dividend_percentage, staring_sub_amount, max_sub_amount, lock_dividend_days, liquidated_damages, "desc", sort) VALUES
      ('BTC Hash Power 7D', '/funds/btc.svg', 0.8, 100, 10000, 7, 5,
       'Seven days of Bitcoin mining power. The income is paid to the funding account every 24 hours; the amount is held until the term ends.', 1),
      ('ETH Staking 30D', '/funds/eth.svg', 1.0, 500, 50000, 30, 8,
       'Thirty days of Ethereum staking. The income is paid to the funding account every 24 hours; the amount is held until the term ends.', 2),
      ('USDT Stable Mining 15D', '/funds/usdt.svg', 0.5, 50, 20000, 15, 3,
       'Fifteen days of stablecoin liquidity mining with a lower daily rate and a lower early redemption charge.', 3),
      ('LTC Cloud Mining 90D', '/funds/ltc.svg', 1.2, 1000, 100000, 90, 10,
       'Ninety days of Litecoin cloud mining for larger amounts. The income is paid every 24 hours.', 4);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE fund_incomes;
    DROP TABLE fund_subscriptions;
    DROP TABLE funds;
  `.execute(db);
}
