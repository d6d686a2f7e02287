import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { sql } from 'kysely';
import { endpoints } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { call, demoLogin, expectRefused } from '../../test/http-helpers.js';
import { LEDGER_KINDS, listUserAccounts, postMany, type PostInput } from '../ledger/index.js';

/*
 * Statements are heavy answers: a year of postings as a PDF is about half a second of CPU. They are
 * drawn on the document threads (http/documents.ts), so over real HTTP (event-loop blocking shows
 * there, not through inject) a cheap request stays fast while eight of them are made; the threads
 * are bounded (a full queue is refused, localized) and each user has a limit of their own.
 */

/** Two postings each: about a year of an active user's statement. */
const TRANSFERS = 1_250;
/** A market read served from memory: what it waits for is the request thread. */
const CHEAP_REQUEST = '/logos/BTCUSDT.webp';
/**
 * Answered within this while eight big statements are made: no statement holds the request thread.
 * The target is 100 ms (measured here at 30-96 ms worst, on a 2-core machine busy with other work);
 * the test's bound leaves room for the other test files running beside it, and still fails by far
 * when the documents are drawn on the request thread (about 4 s).
 */
const CHEAP_REQUEST_MAX_MS = 500;
const PER_USER_LIMIT = 12;
const THREADS = 2;
const QUEUE = 6;

let t: TestApp;
let base: string;
const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const statementUrl = (format: 'csv' | 'pdf') => `${endpoints.fair.statement.path}?from=${yearAgo}&to=${today}&format=${format}`;

interface StatementAnswer {
  code: number;
  msg: string;
  error?: string;
  data: { base64: string; lines: number } | null;
}

/** A demo user with TRANSFERS back-and-forth transfers between their own accounts (one bulk posting). */
async function busyUser(name: string): Promise<string> {
  const { token, user } = await demoLogin(t.app, `${name}-${Date.now()}`);
  const accounts = await listUserAccounts(t.db, user.id);
  const funded = accounts.find((a) => Number(a.balance) > 0)!;
  const other = accounts.find((a) => a.id !== funded.id)!;
  const inputs: PostInput[] = Array.from({ length: TRANSFERS }, (_, i) => {
    const [from, to] = i % 2 === 0 ? [funded.id, other.id] : [other.id, funded.id];
    return { kind: LEDGER_KINDS.transfer, memo: 'statement load', postings: [{ accountId: from, bucket: 'available', amount: '-1.25' }, { accountId: to, bucket: 'available', amount: '1.25' }] };
  });
  await t.db.transaction().execute((trx) => postMany(trx, inputs));
  return token;
}

async function statement(token: string, format: 'csv' | 'pdf', lang = 'en'): Promise<StatementAnswer> {
  const res = await fetch(`${base}${statementUrl(format)}`, { headers: { authorization: token, lang } });
  return (await res.json()) as StatementAnswer;
}

/**
 * `count` PDF statements asked at once by another process: the answers' parsing is the asker's
 * work, not the server's. Resolves once that process has started and sent them.
 */
async function asker(token: string, count: number): Promise<{ readonly done: boolean; answers: Promise<StatementAnswer[]> }> {
  const script = `const [url, token, count] = process.argv.slice(1);
    const asked = Array.from({ length: Number(count) }, () => fetch(url, { headers: { authorization: token, lang: 'en' } }).then((r) => r.json()));
    process.stdout.write('asked\\n');
    process.stdout.write(JSON.stringify(await Promise.all(asked)));`;
  const child = execFile(process.execPath, ['--input-type=module', '-e', script, `${base}${statementUrl('pdf')}`, token, String(count)], { maxBuffer: 64 * 1024 * 1024 });
  let out = '';
  const state = {
    done: false,
    answers: new Promise<StatementAnswer[]>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => {
        state.done = true;
        if (code === 0) resolve(JSON.parse(out.slice(out.indexOf('\n') + 1)) as StatementAnswer[]);
        else reject(new Error(`the asking process exited with ${code}`));
      });
    }),
  };
  await new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve();
    });
    child.on('exit', () => resolve());
  });
  return state;
}

/** The text a page draws (Helvetica: each drawText is one hex string, in WinAnsi). */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  const raw = streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
  return [...raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('|');
}

beforeAll(async () => {
  t = await createTestApp({ config: { statementsPerUserPerMinute: PER_USER_LIMIT, documentThreads: THREADS, documentQueue: QUEUE } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('statements on the document threads', () => {
  it('eight year-long PDF statements at once leave a cheap request fast, and each is a whole PDF', async () => {
    const token = await busyUser('statement-load');
    // A running server has its database connections open and has answered the cheap request
    // before; a fresh test app would do both first in the burst.
    await Promise.all(Array.from({ length: 16 }, () => sql`SELECT pg_sleep(0.05)`.execute(t.db)));
    await (await fetch(`${base}${CHEAP_REQUEST}`)).arrayBuffer();
    const made = await asker(token, 8);
    const latencies: number[] = [];
    while (!made.done) {
      const at = performance.now();
      const res = await fetch(`${base}${CHEAP_REQUEST}`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      latencies.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 200));
    }
    const answers = await made.answers;
    console.log(`${CHEAP_REQUEST} during 8 PDF statements: worst ${Math.max(...latencies).toFixed(1)} ms of ${latencies.length}`);
    // The worst of them all: one blocked stretch of the request thread is what a trader meets.
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...latencies)).toBeLessThan(CHEAP_REQUEST_MAX_MS);

    expect(answers).toHaveLength(8);
    for (const answer of answers) {
      expect(answer.code).toBe(1);
      expect(answer.data!.lines).toBeGreaterThanOrEqual(2 * TRANSFERS);
    }
    // What the thread drew: a PDF of every line, 64 rows (the header first) a page, the last line's balance on the last page.
    const { data } = answers[0]!;
    const bytes = Buffer.from(data!.base64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(Math.ceil((data!.lines + 1) / 64));
    const first = pageText(doc.getPage(0));
    // Its days and times are UTC, and it says so: in the title, the time column and each time.
    expect(first).toContain(`Statement ${yearAgo} - ${today} (UTC)`);
    expect(first).toContain('at (UTC)|account|kind|reference|bucket|amount|balance');
    const times = first.match(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d( UTC)?/g) ?? [];
    expect(times.length).toBeGreaterThan(60);
    expect(times.filter((time) => !time.endsWith(' UTC'))).toEqual([]);
    expect(first).toContain('|transfer||available|-1.25|');
    const csv = await call<{ base64: string }>(t.app, { method: 'GET', url: statementUrl('csv'), headers: { authorization: token } });
    const lastLine = Buffer.from(csv.body.data.base64, 'base64').toString('utf8').trim().split('\r\n').at(-1)!.split(',');
    expect(pageText(doc.getPage(doc.getPageCount() - 1))).toContain(lastLine.slice(1).join('|'));
    expect(doc.getPage(0).node.get(PDFName.of('MediaBox'))?.toString()).toBe('[ 0 0 595 842 ]');
  }, 30_000);

  it('refuses, localized, a statement that finds every thread busy and the queue full', async () => {
    const token = await busyUser('statement-busy');
    // More than the threads and the queue hold at once (within the user's own limit).
    const made = await Promise.all(Array.from({ length: PER_USER_LIMIT }, () => statement(token, 'pdf', 'de')));
    const refused = made.filter((a) => a.code !== 1);
    expect(made.filter((a) => a.code === 1).length).toBeGreaterThanOrEqual(THREADS + QUEUE);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer).toEqual({ code: 0, msg: 'Der Server erstellt gerade andere Dokumente: Bitte versuchen Sie es gleich noch einmal', error: 'documents_busy', data: null, request_id: expect.any(String) });
  }, 30_000);
});

describe('statements per user', () => {
  it('refuses, localized, a user past their limit, not another user on the same address; a refused input is not counted', async () => {
    const a = await demoLogin(t.app, `statement-limit-a-${Date.now()}`);
    const b = await demoLogin(t.app, `statement-limit-b-${Date.now()}`);
    const get = (token: string, url = statementUrl('csv'), lang = 'en') => call(t.app, { method: 'GET', url, headers: { authorization: token, lang } });
    expectRefused(await get(a.token, `${endpoints.fair.statement.path}?from=${today}&to=${yearAgo}&format=csv`), 'bad_request');
    for (let i = 0; i < PER_USER_LIMIT; i++) expect((await get(a.token)).body.code).toBe(1);
    const over = await get(a.token, statementUrl('pdf'), 'fr');
    expectRefused(over, 'too_many_requests');
    expect(over.body.msg).not.toBe((await get(a.token, statementUrl('pdf'), 'en')).body.msg);
    expect((await get(b.token)).body.code).toBe(1);
  });
});
