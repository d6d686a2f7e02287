import { z } from 'zod';
import { ignoredT, pageQuery } from './envelope.js';
import { decimalString } from './money.js';
import { idField, text } from './form-fields.js';

/**
 * Provable fairness on the wire (issue 20): the published tick roots, the receipt of a settled
 * option or a filled/closed contract, the daily proof of liabilities. Hashes are lower-case hex;
 * times are Unix milliseconds. The hashing rules are in packages/domain/src/fair.ts.
 */

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const ms = z.number().int().min(0);
/** A time in a query string: Unix milliseconds as digits. */
const msQuery = z.union([z.number().int(), text.regex(/^\d{1,15}$/).transform(Number)]).pipe(z.number().int().min(0).max(8.64e15));

export const fairRootsQuery = pageQuery.extend({
  symbol: text.trim().regex(/^[A-Z0-9]{2,16}$/),
  /** Blocks whose minute is at or after `from` and before `to` (Unix ms). */
  from: msQuery.optional(),
  to: msQuery.optional(),
  ...ignoredT,
});

/** One published root: a minute's run of a symbol's ticks, chained to the symbol's previous one. */
export const fairRootSchema = z.object({
  symbol: z.string(),
  firstSeq: z.number().int(),
  lastSeq: z.number().int(),
  minuteMs: ms,
  tickCount: z.number().int(),
  merkleRoot: hex64,
  prevRoot: hex64,
  root: hex64,
  publishedAtMs: ms,
});
export type FairRoot = z.infer<typeof fairRootSchema>;

export const FAIR_RECEIPT_KINDS = ['option', 'contract'] as const;
export type FairReceiptKind = (typeof FAIR_RECEIPT_KINDS)[number];

export const fairReceiptQuery = z.object({ kind: z.enum(FAIR_RECEIPT_KINDS), id: idField, ...ignoredT });

const pathStep = z.object({ side: z.enum(['L', 'R']), hash: hex64 });
const receiptTick = z.object({
  seq: z.number().int(),
  price: decimalString,
  atMs: ms,
  prevHash: hex64,
  hash: z.string(),
  proof: z
    .object({ minuteMs: ms, firstSeq: z.number().int(), lastSeq: z.number().int(), path: z.array(pathStep), merkleRoot: hex64, prevRoot: hex64, root: hex64 })
    .nullable(),
});

const receiptBase = { version: z.literal(1), id: z.number().int(), symbol: z.string(), entry: receiptTick, exit: receiptTick.nullable() };

export const fairReceiptSchema = z.discriminatedUnion('kind', [
  z.object({
    ...receiptBase,
    kind: z.literal('option'),
    rule: z.literal('option-settlement/1'),
    terms: z.object({ type: z.number().int(), amount: decimalString, profitRatio: decimalString, lossLevel: z.number().int(), expireAtMs: ms }),
    beforeExit: receiptTick.nullable(),
    result: z.object({ openPrice: decimalString, endPrice: decimalString.nullable(), factProfits: decimalString.nullable() }),
  }),
  z.object({
    ...receiptBase,
    kind: z.literal('contract'),
    rule: z.literal('contract-fill-close/1'),
    terms: z.object({ side: z.number().int(), lots: decimalString, contNum: decimalString, spread: decimalString }),
    result: z.object({ originPrice: decimalString, fillPrice: decimalString, closePrice: decimalString.nullable(), factProfits: decimalString.nullable() }),
  }),
]);
export type FairReceiptWire = z.infer<typeof fairReceiptSchema>;

/** A published proof of liabilities: the root of the sum tree of every user's balance that day. */
export const fairLiabilityRootSchema = z.object({ day: z.string(), root: hex64, total: decimalString, users: z.number().int(), publishedAtMs: ms });
export type FairLiabilityRoot = z.infer<typeof fairLiabilityRootSchema>;

export const fairLiabilityRootsQuery = pageQuery.extend({ ...ignoredT });

const sumStep = z.object({ side: z.enum(['L', 'R']), hash: hex64, sum: decimalString });

/** A user's inclusion proof in the newest published tree (null before the first one). */
export const fairLiabilityProofSchema = z
  .object({ day: z.string(), userId: z.number().int(), nonce: z.string(), balance: decimalString, path: z.array(sumStep), root: hex64, total: decimalString })
  .nullable();
export type FairLiabilityProof = z.infer<typeof fairLiabilityProofSchema>;

const dayInput = text.trim().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'date');

/** A ledger statement for UTC days `from`..`to` (both included, at most a year). */
export const fairStatementQuery = z
  .object({ from: dayInput, to: dayInput, format: z.enum(['csv', 'pdf']), ...ignoredT })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'range', path: ['to'] });

/** The file in the envelope: its bytes in base64. */
export const fairStatementSchema = z.object({ filename: z.string(), contentType: z.string(), base64: z.string(), lines: z.number().int() });
export type FairStatement = z.infer<typeof fairStatementSchema>;
