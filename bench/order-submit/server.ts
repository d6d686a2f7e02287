/**
 * The platform's server for the order-submit benchmark, in its own process: the real app
 * (Fastify, auth, zod validation, ledger, PostgreSQL) on DATABASE_URL, engine off (no feed
 * competing for the CPU; BENCH_ENGINE=1 runs it). One stored BTCUSDT tick gives submit its price. Controlled by run.ts.
 *
 * `fund` tops up the contract accounts of the bench's demo users from the house, through the
 * ledger: a demo account opens with 10000 USDT, about 900 orders of the bench's size, which a fast
 * machine spends within the warm-up - after that every submit would be an insufficient-balance
 * refusal, a different (cheaper) path than the one measured.
 */
import { ACCOUNT_TYPES } from '@tp/contracts';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.js';
import { startServer } from '../../apps/server/src/main.js';
import { baseCurrencyId, post, systemAccountId } from '../../apps/server/src/modules/ledger/ledger.service.js';
import { LEDGER_KINDS, SYSTEM_ACCOUNTS } from '../../apps/server/src/modules/ledger/ledger-kinds.js';
import { orderCommitter, submitReadBatch } from '../../apps/server/src/modules/forex/forex.repository.js';
import { sessionReadBatch } from '../../apps/server/src/http/session-lookup.js';
import { submitContextsOf } from '../../apps/server/src/modules/forex/submit-context.js';

// BENCH_ENGINE=1: the market engine runs (its simulated feed stores ticks, which move every
// symbol's price while the submits run); off by default, so no feed competes for the CPU.
const engineEnabled = process.env.BENCH_ENGINE === '1';
const server = await startServer(loadConfig(process.env, { port: 0, host: '127.0.0.1', logLevel: 'warn', market: { engineEnabled } }));
// BENCH_GROUP_COMMIT=0: every submit writes its own statement at once, as before group commit.
orderCommitter(server.db).grouping = process.env.BENCH_GROUP_COMMIT !== '0';
// BENCH_READ_GROUPING=0: each submit's read (which is also its token check) and each other token check run as a statement of their own.
submitReadBatch(server.db).grouping = sessionReadBatch(server.db).grouping = process.env.BENCH_READ_GROUPING !== '0';
const { rows } = await sql<{ id: number }>`SELECT id FROM trade_symbols WHERE code = 'BTCUSDT'`.execute(server.db);
const symbolId = rows[0]!.id;
if (!engineEnabled) {
  await sql`INSERT INTO ticks (symbol_id, seq, price, volume, at)
    SELECT ${symbolId}, coalesce(max(seq), 0) + 1, 100000, 1, now() FROM ticks WHERE symbol_id = ${symbolId}`.execute(server.db);
}

async function fund(demoIds: string[], amount: string): Promise<void> {
  await server.db.transaction().execute(async (trx) => {
    const currencyId = await baseCurrencyId(trx);
    const house = await systemAccountId(trx, SYSTEM_ACCOUNTS.houseDemoFunding, currencyId);
    const accounts = await sql<{ id: number }>`
      SELECT a.id FROM ledger_accounts a JOIN users u ON u.id = a.user_id
      WHERE u.demo_id = ANY(${demoIds}) AND a.account_type = ${ACCOUNT_TYPES.forex} ORDER BY a.id`.execute(trx);
    if (accounts.rows.length !== demoIds.length) throw new Error(`fund: ${accounts.rows.length} contract accounts for ${demoIds.length} demo users`);
    const postings = accounts.rows.map((a) => ({ accountId: a.id, bucket: 'available' as const, amount }));
    postings.push({ accountId: house, bucket: 'available', amount: `-${(Number(amount) * accounts.rows.length).toFixed(0)}` });
    await post(trx, { kind: LEDGER_KINDS.demoFunding, memo: 'Bench top-up', reference: 'bench', postings });
  });
}

process.send?.({ type: 'ready', url: server.url, symbolId });
process.on('message', (m: { type?: string; demoIds?: string[]; amount?: string }) => {
  if (m.type === 'stop') {
    // How the submits were grouped: batches written, actions in them, batches that fell back to one-by-one;
    // and whether PostgreSQL ran the hot statements with a generic plan (no planning per execution) on one pooled connection.
    void sql<{ name: string; generic_plans: string; custom_plans: string }>`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name`
      .execute(server.db)
      .then(
        ({ rows: plans }) => plans,
        () => [],
      )
      .then((plans) => {
        process.send?.({ type: 'batches', stats: orderCommitter(server.db).stats, reads: submitReadBatch(server.db).stats, contexts: submitContextsOf(server.db)?.stats, plans });
        return server.stop();
      })
      .then(() => process.exit(0));
  }
  if (m.type === 'fund') {
    fund(m.demoIds ?? [], m.amount ?? '0').then(
      () => process.send?.({ type: 'funded' }),
      (err: unknown) => process.send?.({ type: 'fund-failed', error: String(err) }),
    );
  }
});
