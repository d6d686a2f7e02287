import { access, defineEndpoint } from './define-endpoint.js';
import { pagedSchema } from '../envelope.js';
import {
  fairLiabilityProofSchema,
  fairLiabilityRootSchema,
  fairLiabilityRootsQuery,
  fairReceiptQuery,
  fairReceiptSchema,
  fairRootSchema,
  fairRootsQuery,
  fairStatementQuery,
  fairStatementSchema,
} from '../fair.js';
import { z } from 'zod';
import { ignoredT } from '../envelope.js';

const tags = ['fair'];

export const fairEndpoints = {
  /** Public: anyone checks a receipt against these without an account. */
  roots: defineEndpoint({ summary: 'The published per-minute roots of the stored ticks, to check receipts against (paged)', methods: ['GET'], path: '/api/fair/roots', input: fairRootsQuery, output: pagedSchema(fairRootSchema), access: access.public, idempotent: false, tags }),
  /** The owner only: another user's order answers not_found. */
  receipt: defineEndpoint({ summary: "The receipt of one of the caller's orders: its terms, the tick used and the proof path", methods: ['GET'], path: '/api/fair/receipt', input: fairReceiptQuery, output: fairReceiptSchema, access: access.user, idempotent: false, tags }),
  /** Public: the published proofs of liabilities, newest first. */
  liabilities: defineEndpoint({ summary: 'The published proofs of liabilities, newest first (paged)', methods: ['GET'], path: '/api/fair/liabilities', input: fairLiabilityRootsQuery, output: pagedSchema(fairLiabilityRootSchema), access: access.public, idempotent: false, tags }),
  /** The caller's inclusion proof in the newest published tree. */
  /** The admin console's read-only history of the published proofs (every staff role). */
  adminLiabilities: defineEndpoint({ summary: 'The history of the published proofs of liabilities (paged)', methods: ['GET'], path: '/admin/api/fair/liabilities', input: fairLiabilityRootsQuery, output: pagedSchema(fairLiabilityRootSchema), access: access.admin('admin', 'reviewer', 'support'), idempotent: false, tags }),
  /** The caller's ledger statement (every posting, running balance) as a CSV or PDF file. */
  statement: defineEndpoint({ summary: "The caller's ledger statement with running balances, as a CSV or PDF file (base64)", methods: ['GET'], path: '/api/fair/statement', input: fairStatementQuery, output: fairStatementSchema, access: access.user, idempotent: false, tags }),
  liabilityProof: defineEndpoint({ summary: "The caller's inclusion proof in the newest proof of liabilities", methods: ['GET'], path: '/api/fair/liabilities/proof', input: z.object(ignoredT), output: fairLiabilityProofSchema, access: access.user, idempotent: false, tags }),
};
