/**
 * The platform's server for the order-submit benchmark, in its own process: the real app
 * (Fastify, auth, zod validation, ledger, PostgreSQL) on DATABASE_URL, engine off (no feed
 * competing for the CPU). One stored BTCUSDT tick gives submit its price. Controlled by run.ts.
 */
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.js';
import { startServer } from '../../apps/server/src/main.js';

const server = await startServer(loadConfig(process.env, { port: 0, host: '127.0.0.1', logLevel: 'warn', market: { engineEnabled: false } }));
const { rows } = await sql<{ id: number }>`SELECT id FROM trade_symbols WHERE code = 'BTCUSDT'`.execute(server.db);
const symbolId = rows[0]!.id;
await sql`INSERT INTO ticks (symbol_id, seq, price, volume, at)
  SELECT ${symbolId}, coalesce(max(seq), 0) + 1, 100000, 1, now() FROM ticks WHERE symbol_id = ${symbolId}`.execute(server.db);
process.send?.({ type: 'ready', url: server.url, symbolId });
process.on('message', (m: { type?: string }) => {
  if (m.type === 'stop') void server.stop().then(() => process.exit(0));
});
