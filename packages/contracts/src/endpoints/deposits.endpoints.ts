import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { ignoredT } from '../envelope.js';
import {
  bankAccountSchema,
  bankCoinSchema,
  chargeListQuery,
  chargePageSchema,
  chargeRecordSchema,
  coinDepositInput,
  depositAddressSchema,
  wireDepositInput,
  wireInfoQuery,
} from '../deposits.js';

const tags = ['deposit'];
const noQuery = z.object(ignoredT);
const real = { access: access.real, tags } as const;

export const depositsEndpoints = {
  /** Coin deposit addresses. */
  addresses: defineEndpoint({ summary: 'The coin deposit addresses', ...real, methods: ['GET'], path: '/api/quickCharge/info', input: noQuery, output: z.array(depositAddressSchema), idempotent: false }),
  coinSubmit: defineEndpoint({ summary: "Claim a coin deposit with the transfer's proof image, for review", ...real, methods: ['POST'], path: '/api/quickCharge/submit', input: coinDepositInput, output: chargeRecordSchema, idempotent: true }),
  /** Bank coin types. */
  bankCoins: defineEndpoint({ summary: 'The currencies a bank deposit can be made in', ...real, methods: ['GET'], path: '/api/quickCharge/symbols', input: noQuery, output: z.array(bankCoinSchema), idempotent: false }),
  /** Collection accounts of a bank coin. */
  wireInfo: defineEndpoint({ summary: 'The collection bank accounts of a currency', ...real, methods: ['GET'], path: '/api/quickCharge/wire_info', input: wireInfoQuery, output: z.array(bankAccountSchema), idempotent: false }),
  wireSubmit: defineEndpoint({ summary: "Claim a bank deposit with the transfer's proof image, for review", ...real, methods: ['POST'], path: '/api/quickCharge/wire_submit', input: wireDepositInput, output: chargeRecordSchema, idempotent: true }),
  /** The user's deposit records. */
  list: defineEndpoint({ summary: "The caller's deposits, newest first (paged)", ...real, methods: ['GET'], path: '/api/quickCharge/quick_ist', input: chargeListQuery, output: chargePageSchema, idempotent: false }),
};
