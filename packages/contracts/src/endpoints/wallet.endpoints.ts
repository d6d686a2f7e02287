import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { balanceAccountSchema } from '../wallet.js';
import { accountLogPageSchema, accountLogQuery } from '../account-history.js';
import { transferInput, transferLogQuery, transferPageSchema, transferRecordSchema } from '../transfers.js';

const tags = ['wallet'];

export const walletEndpoints = {
  balances: defineEndpoint({ summary: "The caller's accounts and balances", methods: ['GET'], path: '/v2/api/main/wallet/getBalance', output: z.array(balanceAccountSchema), access: access.user, idempotent: false, tags }),
  /** Read-only: a demo account sees its own bookings too (demo funding, resets). */
  accountLog: defineEndpoint({ summary: "The caller's account bookings (paged)", methods: ['GET'], path: '/v2/api/main/accountLog/forexChange', input: accountLogQuery, output: accountLogPageSchema, access: access.user, idempotent: false, tags }),
  transfer: defineEndpoint({ summary: "Move money between the caller's own accounts", methods: ['POST'], path: '/api/account/transfer', input: transferInput, output: transferRecordSchema, access: access.real, idempotent: true, tags }),
  transferLog: defineEndpoint({ summary: "The caller's transfers between accounts (paged)", methods: ['GET'], path: '/api/account/transfer_log', input: transferLogQuery, output: transferPageSchema, access: access.real, idempotent: false, tags }),
};
