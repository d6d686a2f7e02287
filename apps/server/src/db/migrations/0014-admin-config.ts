import { sql, type Kysely } from 'kysely';

/**
 * The admin console's configuration (issue 13).
 *
 * - `trade_symbols.max_cont`: the most lots one order may hold (NULL: no maximum of the symbol's
 *   own; the order path still caps every order at MAX_LOTS). The order path enforces it.
 * - `micro_amount_presets.enabled` and `companies.enabled`: staff retire a row instead of deleting
 *   it (seconds options, addresses and collection accounts already have the flag), so a preset an
 *   order was placed with, or a company a page once named, stays on record.
 * - `news`: articles staff write in the console. `content` holds html that was sanitized with an
 *   allow-list when it was saved; the user pages sanitize it again before display. Three articles
 *   are seeded here (not in seed.ts) so a database created before news existed gets them once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE trade_symbols ADD COLUMN max_cont numeric(20, 8) CHECK (max_cont > 0);
    ALTER TABLE trade_symbols ADD CONSTRAINT trade_symbols_lots_range CHECK (max_cont IS NULL OR max_cont >= min_cont);
    ALTER TABLE micro_amount_presets ADD COLUMN enabled boolean NOT NULL DEFAULT true;
    ALTER TABLE companies ADD COLUMN enabled boolean NOT NULL DEFAULT true;
    ALTER TABLE companies ADD CONSTRAINT companies_main_enabled CHECK (enabled OR NOT is_main);

    CREATE TABLE news (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      "desc" text NOT NULL DEFAULT '',
      content text NOT NULL,
      category_id smallint NOT NULL CHECK (category_id BETWEEN 1 AND 3),
      logo text NOT NULL DEFAULT '',
      -- a language code of the app, or '' for every language
      language text NOT NULL DEFAULT '',
      published boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES admins(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- the user list: published articles of a category, newest first
    CREATE INDEX news_list_idx ON news (category_id, id DESC) WHERE published;

    INSERT INTO news (title, "desc", content, category_id, language, published) VALUES
      ('Gold holds near record as traders weigh rate outlook',
       'Spot gold steadied after a week of gains while markets priced the next central bank move.',
       '<p>Spot gold traded in a narrow range on Tuesday after touching a record earlier in the week, as traders weighed comments from central bank officials on the path of interest rates.</p><p>Analysts said <strong>physical demand in Asia</strong> and steady purchases by official institutions continued to support prices, while a firmer dollar capped the upside.</p><ul><li>Support: the 20-day moving average</li><li>Resistance: the recent high</li></ul>',
       1, '', true),
      ('Euro edges higher after stronger than expected factory data',
       'EUR/USD rose as manufacturing surveys in the euro area beat forecasts.',
       '<p>The euro gained against the dollar after purchasing managers'' surveys showed factory activity in the euro area contracting at a slower pace than economists had expected.</p><p>Traders now watch the next inflation release for signs of how quickly price pressures are easing. <em>Volatility may rise around the release.</em></p>',
       1, '', true),
      ('Scheduled maintenance of deposit channels this weekend',
       'Bank deposits will be credited after the maintenance window; coin deposits are not affected.',
       '<p>To improve service, bank deposit channels will be under maintenance on Saturday from 02:00 to 04:00 (UTC). Deposits submitted during the window are credited once review resumes.</p><p>Coin deposits, trading and withdrawals are not affected. Thank you for your patience.</p>',
       1, '', true);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE news;
    ALTER TABLE companies DROP CONSTRAINT companies_main_enabled;
    ALTER TABLE companies DROP COLUMN enabled;
    ALTER TABLE micro_amount_presets DROP COLUMN enabled;
    ALTER TABLE trade_symbols DROP CONSTRAINT trade_symbols_lots_range;
    ALTER TABLE trade_symbols DROP COLUMN max_cont;
  `.execute(db);
}
