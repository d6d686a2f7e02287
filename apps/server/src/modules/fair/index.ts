import { defineModule } from '../define-module.js';
import type { ScheduledJob } from '../../engine/scheduled-job.js';
import { fairRoutes } from './fair.routes.js';
import { fairAdminReadRoutes } from './fair-admin-reads.routes.js';
import { publishTickBlocks } from './tick-blocks.js';
import { keepReceipts } from './receipts.js';
import { DAY_MS, dayLabel, publishLiabilities } from './liabilities.js';

/**
 * Provable fairness (issue 20): the published roots of the tick hash chain, receipts of every
 * option settlement and contract fill/close, and the daily proof of liabilities.
 */

/** Publishes the complete minutes of every symbol's tick chain, then keeps the receipts those made complete. One run covers all that is due. */
export const publishRootsJob: ScheduledJob = {
  name: 'fair.publish-roots',
  periodMs: 15_000,
  catchUp: 0,
  run: async ({ trx, now }) => {
    await publishTickBlocks(trx, now());
    await keepReceipts(trx, now());
  },
};

/** The proof of liabilities of each UTC day, once, at its start. */
export const publishLiabilitiesJob: ScheduledJob = {
  name: 'fair.publish-liabilities',
  periodMs: DAY_MS,
  catchUp: 0,
  run: async ({ trx, periodStartMs }) => {
    await publishLiabilities(trx, dayLabel(periodStartMs));
  },
};

export const fairModule = defineModule({
  name: 'fair',
  routes: fairRoutes,
  adminRoutes: fairAdminReadRoutes,
  jobs: [publishRootsJob, publishLiabilitiesJob],
});

export { publishTickBlocks } from './tick-blocks.js';
export { keepReceipts, findReceipt } from './receipts.js';
export { publishLiabilities, liabilityProof } from './liabilities.js';
