import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type AdminOutboxRow } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { paged } from '../../lib/paging.js';

const OUTBOX_PER_PAGE = 30;
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
const CODE_MASK = '••••••';

/**
 * The lines of a file from the last to the first, read backwards in 64 KB chunks: memory holds
 * one chunk and one partial line, however large the file grows. Splitting on the newline byte
 * is safe in UTF-8 (no multi-byte character contains 0x0a).
 */
export async function* linesBackwards(file: string, chunkBytes = CHUNK_BYTES): AsyncGenerator<string> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // nothing was ever sent
    throw err;
  }
  try {
    let position = (await handle.stat()).size;
    let carry = Buffer.alloc(0);
    while (position > 0) {
      const size = Math.min(chunkBytes, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, position);
      const joined = carry.length > 0 ? Buffer.concat([chunk, carry]) : chunk;
      let end = joined.length;
      for (let i = joined.length - 1; i >= 0; i--) {
        if (joined[i] !== NEWLINE) continue;
        if (end > i + 1) yield joined.toString('utf8', i + 1, end);
        end = i;
      }
      carry = Buffer.from(joined.subarray(0, end));
    }
    if (carry.length > 0) yield carry.toString('utf8');
  } finally {
    await handle.close();
  }
}

interface OutboxLine {
  channel?: unknown;
  to?: unknown;
  type?: unknown;
  code?: unknown;
  text?: unknown;
  created_at?: unknown;
}

/** A sent message for staff: a verification code is masked wherever it appears (it opens the account). */
function toRow(line: OutboxLine): AdminOutboxRow {
  const code = typeof line.code === 'string' && line.code !== '' ? line.code : null;
  const text = typeof line.text === 'string' ? line.text : '';
  return {
    channel: String(line.channel ?? ''),
    to: String(line.to ?? ''),
    type: String(line.type ?? ''),
    text: code ? text.split(code).join(CODE_MASK) : text,
    had_code: code !== null,
    created_at: String(line.created_at ?? ''),
  };
}

export interface OutboxFilter {
  channel?: string | undefined;
  /** A part of the recipient, case-insensitive. */
  to?: string | undefined;
}

/**
 * One page of DATA_DIR/outbox.jsonl, newest first. The file is append-only JSON lines with no
 * index, so a page needs the count of all matching lines for its total: each request reads the
 * whole file once, backwards, keeping only the asked page's rows (bounded memory, one pass).
 * A line that is not JSON (a torn last write) is skipped.
 */
export async function readOutbox(file: string, filter: OutboxFilter, page: number, perPage = OUTBOX_PER_PAGE) {
  const first = (page - 1) * perPage;
  const needle = filter.to?.toLowerCase();
  const rows: AdminOutboxRow[] = [];
  let total = 0;
  for await (const raw of linesBackwards(file)) {
    let line: OutboxLine;
    try {
      line = JSON.parse(raw) as OutboxLine;
    } catch {
      continue;
    }
    if (filter.channel !== undefined && line.channel !== filter.channel) continue;
    if (needle !== undefined && !String(line.to ?? '').toLowerCase().includes(needle)) continue;
    if (total >= first && rows.length < perPage) rows.push(toRow(line));
    total += 1;
  }
  return paged(rows, total, page, perPage);
}

/** The outbox page of the admin console. */
export const notifyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const file = path.join(app.config.dataDir, 'outbox.jsonl');
  route(app, endpoints.adminOps.outbox, async ({ req, input }) => okEnvelope(req.lang, await readOutbox(file, { channel: input.channel, to: input.to }, input.page)));
};
