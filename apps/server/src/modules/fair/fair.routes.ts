import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type FairRoot } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/endpoint.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { findReceipt } from './receipts.js';
import { liabilityProof, listLiabilityRoots } from './liabilities.js';
import { STATEMENT_MAX_LINES, statementCsv, statementLines, statementPdf } from './statement.js';

/** Roots come in larger pages than user lists: a verifier fetches a day of one symbol in a few calls. */
const ROOTS_PER_PAGE = 500;

export const fairRoutes: FastifyPluginAsyncZod = async (app) => {
  const fair = endpoints.fair;

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

  route(app, fair.statement, async ({ req, input }) => {
    const lines = await statementLines(app.db, currentUser(req).id, input.from, input.to);
    if (lines === 'too_long') refuse('statement_too_long', { max: String(STATEMENT_MAX_LINES) });
    const name = `statement-${input.from}-${input.to}.${input.format}`;
    const bytes = input.format === 'csv' ? Buffer.from(statementCsv(lines), 'utf8') : Buffer.from(await statementPdf(lines, `Statement ${input.from} - ${input.to}`));
    return okEnvelope(req.lang, { filename: name, contentType: input.format === 'csv' ? 'text/csv' : 'application/pdf', base64: bytes.toString('base64'), lines: lines.length });
  });

  route(app, fair.liabilities, async ({ req, input }) => okEnvelope(req.lang, await listLiabilityRoots(app.db, input.page)));

  route(app, fair.liabilityProof, async ({ req }) => okEnvelope(req.lang, await liabilityProof(app.db, currentUser(req).id)));
};
