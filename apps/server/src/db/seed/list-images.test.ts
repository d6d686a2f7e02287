import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REPO_ROOT } from '../../config.js';
import { createSeededTestDatabase } from '../../test/test-app.js';
import { down as svgImages, up as rasterImages } from '../migrations/0025-raster-list-images.js';

/**
 * The images lists show many of (symbol logos, fund pictures) are WebP renderings of the shipped
 * SVGs: an SVG in an <img> is a document built on the page's main thread, one per row.
 */
const SETS = [
  { dir: path.join(REPO_ROOT, 'apps/server/assets/logos'), size: 96 },
  { dir: path.join(REPO_ROOT, 'apps/web/public/funds'), size: 144 },
];

/** Width and height of a WebP in its extended header (VP8X), or null when it is not one. */
function webpSize(file: string): { width: number; height: number } | null {
  const b = fs.readFileSync(file);
  if (b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP' || b.toString('latin1', 12, 16) !== 'VP8X') return null;
  return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
}

let database: Awaited<ReturnType<typeof createSeededTestDatabase>>;
beforeAll(async () => {
  database = await createSeededTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('images shown in lists', () => {
  it.each(SETS)('every shipped SVG in $dir has a WebP twin of $size px', ({ dir, size }) => {
    const svgs = fs.readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) expect(webpSize(path.join(dir, svg.replace(/\.svg$/, '.webp'))), svg).toEqual({ width: size, height: size });
  });

  it('seeded symbols and funds point at the WebP renderings, which exist', async () => {
    const symbols = await database.db.selectFrom('trade_symbols').select(['code', 'logo']).execute();
    expect(symbols.length).toBeGreaterThan(0);
    for (const s of symbols) {
      expect(s.logo).toBe(`/logos/${s.code}.webp`);
      expect(fs.existsSync(path.join(SETS[0]!.dir, `${s.code}.webp`)), s.code).toBe(true);
    }
    const funds = await database.db.selectFrom('funds').select(['title', 'image']).execute();
    expect(funds.length).toBeGreaterThan(0);
    for (const f of funds) {
      expect(f.image, f.title).toMatch(/^\/funds\/[a-z]+\.webp$/);
      expect(fs.existsSync(path.join(REPO_ROOT, 'apps/web/public', f.image)), f.image).toBe(true);
    }
  });

  it('a database seeded before moves the shipped SVG paths to WebP, and keeps what staff set', async () => {
    const db = database.db;
    const [first, second] = await db.selectFrom('trade_symbols').select(['id', 'code']).orderBy('id').limit(2).execute();
    await sql`UPDATE trade_symbols SET logo = ${`/logos/${first!.code}.svg`} WHERE id = ${first!.id}`.execute(db);
    await sql`UPDATE trade_symbols SET logo = 'https://cdn.example/staff.svg' WHERE id = ${second!.id}`.execute(db);
    const [btc, eth] = await db.selectFrom('funds').select('id').orderBy('id').limit(2).execute();
    await sql`UPDATE funds SET image = '/funds/btc.svg' WHERE id = ${btc!.id}`.execute(db);
    await sql`UPDATE funds SET image = '/uploads/0123456789abcdef0123456789abcdef.png' WHERE id = ${eth!.id}`.execute(db);

    await rasterImages(db as never);

    const logo = async (id: number) => (await db.selectFrom('trade_symbols').select('logo').where('id', '=', id).executeTakeFirstOrThrow()).logo;
    const image = async (id: number) => (await db.selectFrom('funds').select('image').where('id', '=', id).executeTakeFirstOrThrow()).image;
    expect(await logo(first!.id)).toBe(`/logos/${first!.code}.webp`);
    expect(await logo(second!.id)).toBe('https://cdn.example/staff.svg');
    expect(await image(btc!.id)).toBe('/funds/btc.webp');
    expect(await image(eth!.id)).toBe('/uploads/0123456789abcdef0123456789abcdef.png');

    await svgImages(db as never);
    expect(await logo(first!.id)).toBe(`/logos/${first!.code}.svg`);
    expect(await image(btc!.id)).toBe('/funds/btc.svg');
    await rasterImages(db as never);
  });
});
