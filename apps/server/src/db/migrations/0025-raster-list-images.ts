import { sql, type Kysely } from 'kysely';

/**
 * The shipped symbol logos and fund pictures are shown from their WebP renderings now
 * (scripts/render-raster-images.mjs): an SVG in an <img> is a document the browser builds on the
 * page's main thread, one per logo in a list. Databases seeded before point at the SVGs; this
 * moves the shipped paths only, where staff have not set another image.
 */
const FUND_IMAGES = ['btc', 'eth', 'usdt', 'ltc'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE trade_symbols SET logo = '/logos/' || code || '.webp' WHERE logo = '/logos/' || code || '.svg'`.execute(db);
  for (const name of FUND_IMAGES) {
    await sql`UPDATE funds SET image = ${`/funds/${name}.webp`} WHERE image = ${`/funds/${name}.svg`}`.execute(db);
  }
}

/** Back to the SVG paths, for the rows that hold the shipped WebP ones. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE trade_symbols SET logo = '/logos/' || code || '.svg' WHERE logo = '/logos/' || code || '.webp'`.execute(db);
  for (const name of FUND_IMAGES) {
    await sql`UPDATE funds SET image = ${`/funds/${name}.svg`} WHERE image = ${`/funds/${name}.webp`}`.execute(db);
  }
}
