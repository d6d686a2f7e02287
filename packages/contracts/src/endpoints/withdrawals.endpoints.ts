import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import {
  bindDrawMethodInput,
  drawCurrencySchema,
  drawInput,
  drawListQuery,
  drawMethodSchema,
  drawSymbolListQuery,
  getDrawMethodQuery,
  getDrawMethodSchema,
  idInput,
  withdrawPageSchema,
  withdrawRecordSchema,
} from '../withdrawals.js';

const tags = ['withdraw'];
const real = { access: access.real, tags } as const;

export const withdrawalsEndpoints = {
  currencies: defineEndpoint({ summary: 'The currencies one can withdraw in, with fees and limits', ...real, methods: ['GET'], path: '/api/account/draw_symbol_list', input: drawSymbolListQuery, output: z.array(drawCurrencySchema), idempotent: false }),
  draw: defineEndpoint({ summary: 'Ask to withdraw: the amount is held until staff decide', ...real, methods: ['POST'], path: '/api/account/draw', input: drawInput, output: withdrawRecordSchema, idempotent: true }),
  list: defineEndpoint({ summary: "The caller's withdrawals (paged)", ...real, methods: ['GET'], path: '/api/account/draw_list', input: drawListQuery, output: withdrawPageSchema, idempotent: false }),
  methods: defineEndpoint({ summary: "The caller's saved withdrawal methods (bank accounts, coin addresses)", ...real, methods: ['GET'], path: '/api/wallet/get_draw_method', input: getDrawMethodQuery, output: getDrawMethodSchema, idempotent: false }),
  bindMethod: defineEndpoint({ summary: 'Save a withdrawal method', ...real, methods: ['POST'], path: '/api/wallet/bind_draw_method', input: bindDrawMethodInput, output: drawMethodSchema, idempotent: true }),
  deleteMethod: defineEndpoint({ summary: 'Remove a saved withdrawal method', ...real, methods: ['POST'], path: '/api/wallet/del_draw_method', input: idInput, output: z.null(), idempotent: false }),
};
