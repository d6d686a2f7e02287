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
  roots: defineEndpoint({ methods: ['GET'], path: '/api/fair/roots', input: fairRootsQuery, output: pagedSchema(fairRootSchema), access: access.public, idempotent: false, tags }),
  /** The owner only: another user's order answers not_found. */
  receipt: defineEndpoint({ methods: ['GET'], path: '/api/fair/receipt', input: fairReceiptQuery, output: fairReceiptSchema, access: access.user, idempotent: false, tags }),
  /** Public: the published proofs of liabilities, newest first. */
  liabilities: defineEndpoint({ methods: ['GET'], path: '/api/fair/liabilities', input: fairLiabilityRootsQuery, output: pagedSchema(fairLiabilityRootSchema), access: access.public, idempotent: false, tags }),
  /** The caller's inclusion proof in the newest published tree. */
  /** The admin console's read-only history of the published proofs (every staff role). */
  adminLiabilities: defineEndpoint({ methods: ['GET'], path: '/admin/api/fair/liabilities', input: fairLiabilityRootsQuery, output: pagedSchema(fairLiabilityRootSchema), access: access.admin('admin', 'reviewer', 'support'), idempotent: false, tags }),
  /** The caller's ledger statement (every posting, running balance) as a CSV or PDF file. */
  statement: defineEndpoint({ methods: ['GET'], path: '/api/fair/statement', input: fairStatementQuery, output: fairStatementSchema, access: access.user, idempotent: false, tags }),
  liabilityProof: defineEndpoint({ methods: ['GET'], path: '/api/fair/liabilities/proof', input: z.object(ignoredT), output: fairLiabilityProofSchema, access: access.user, idempotent: false, tags }),
};
