import { sql, type Kysely } from 'kysely';

/**
 * Sample traders (issue 43, decisions.md "Sample traders"): accounts the platform itself trades on
 * the simulated market, so copy trading and the ranking are alive on a first start.
 *
 * - `users.is_sample`: marks them wherever users are listed; the dashboard's real figures leave
 *   them out. They have no e-mail and no password (nobody logs in as one; their public name is
 *   their uid), so 0001's "a real user has both" check makes room for them. Never demo.
 * - `sample_traders`: each one's strategy and symbol (what the sample-traders job acts on).
 * - setting `sample_traders`: staff's switch in the console ('1' trading, '0' stopped).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN is_sample boolean NOT NULL DEFAULT false;
    ALTER TABLE users DROP CONSTRAINT users_check1;
    ALTER TABLE users ADD CONSTRAINT users_login_or_sample CHECK (is_demo OR is_sample OR (email IS NOT NULL AND password_hash IS NOT NULL));
    ALTER TABLE users ADD CONSTRAINT users_sample_not_demo CHECK (NOT (is_sample AND is_demo));
    CREATE TABLE sample_traders (
      user_id integer PRIMARY KEY REFERENCES users (id),
      strategy text NOT NULL CHECK (strategy IN ('trend', 'mean_reversion', 'breakout', 'momentum')),
      symbol_id integer NOT NULL REFERENCES trade_symbols (id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO settings (key, value, is_public) VALUES ('sample_traders', '1', false) ON CONFLICT (key) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE sample_traders;
    DELETE FROM settings WHERE key = 'sample_traders';
    ALTER TABLE users DROP CONSTRAINT users_sample_not_demo, DROP CONSTRAINT users_login_or_sample;
    ALTER TABLE users ADD CONSTRAINT users_check1 CHECK (is_demo OR (email IS NOT NULL AND password_hash IS NOT NULL));
    ALTER TABLE users DROP COLUMN is_sample;
  `.execute(db);
}
