import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type FairRoot } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { siblingModule } from '../../lib/worker-pool.js';
import { findReceipt } from './receipts.js';
import { liabilityProof, listLiabilityRoots } from './liabilities.js';
import { STATEMENT_MAX_LINES, statementLinesJson } from './statement.js';
import type { statementFile } from './statement-file.js';

/** Roots come in larger pages than user lists: a verifier fetches a day of one symbol in a few calls. */
const ROOTS_PER_PAGE = 500;
/** Made on a document thread: a year of postings as a PDF is half a second of CPU. */
const STATEMENT_FILE = siblingModule(import.meta.url, 'statement-file');

export const fairRoutes: FastifyPluginAsyncZod = async (app) => {
  const fair = endpoints.fair;
  const makeStatementFile = (...args: Parameters<typeof statementFile>) => app.documents.render<Uint8Array>(STATEMENT_FILE, 'statementFile', args);

  route(app, fair.roots, async ({ req, input }) => {
    const { limit, offset } = pageWindow(input.page, ROOTS_PER_PAGE);
    let q = app.db
      .selectFrom('fair_tick_blocks as b')
      .innerJoin('trade_symbols as s', 's.id', 'b.symbol_id')
      .where('s.code', '=', input.symbol);
    if (input.from !== undefined) q = q.where('b.minute', '>=', new Date(input.from));
    if (input.to !== undefined) q = q.where('b.minute', '<', new Date(input.to));
    const [rows, count] = await Promise.all([
      q.select(['s.code', 'b.first_seq', 'b.last_seq', 'b.minute', 'b.tick_count', 'b.merkle_root', 'b.prev_root', 'b.root', 'b.published_at']).orderBy('b.first_seq').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const data: FairRoot[] = rows.map((r) => ({
      symbol: r.code,
      firstSeq: Number(r.first_seq),
      lastSeq: Number(r.last_seq),
      minuteMs: r.minute.getTime(),
      tickCount: r.tick_count,
      merkleRoot: r.merkle_root.toString('hex'),
      prevRoot: r.prev_root.toString('hex'),
      root: r.root.toString('hex'),
      publishedAtMs: r.published_at.getTime(),
    }));
    return okEnvelope(req.lang, paged(data, Number(count.n), input.page, ROOTS_PER_PAGE));
  });

  route(app, fair.receipt, async ({ req, input }) => {
    const receipt = await findReceipt(app.db, currentUser(req).id, input.kind, input.id);
    // Another user's order answers exactly like an unknown one.
    if (!receipt) refuse('not_found');
    return okEnvelope(req.lang, receipt);
  });

  // Any account may ask, a demo one too: a limit per user keeps one of them from filling the
  // document threads (a PDF statement holds one for up to a second).
  const statementLimit = { max: app.config.statementsPerUserPerMinute, windowMs: 60_000 };
  route(
    app,
    fair.statement,
    async ({ req, input }) => {
      const lines = await statementLinesJson(app.db, currentUser(req).id, input.from, input.to);
      if (lines === 'too_long') refuse('statement_too_long', { max: String(STATEMENT_MAX_LINES) });
      const name = `statement-${input.from}-${input.to}.${input.format}`;
      const file = await makeStatementFile(input.format, lines.json, `Statement ${input.from} - ${input.to} (UTC)`);
      const base64 = Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString('base64');
      return okEnvelope(req.lang, { filename: name, contentType: input.format === 'csv' ? 'text/csv' : 'application/pdf', base64, lines: lines.count });
    },
    { perUserLimit: statementLimit },
  );

  route(app, fair.liabilities, async ({ req, input }) => okEnvelope(req.lang, await listLiabilityRoots(app.db, input.page)));

  route(app, fair.liabilityProof, async ({ req }) => okEnvelope(req.lang, await liabilityProof(app.db, currentUser(req).id)));
};
