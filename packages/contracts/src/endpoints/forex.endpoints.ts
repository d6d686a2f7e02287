import { access, defineEndpoint } from './define-endpoint.js';
import { forexMyDealQuery, forexMyDealSchema, forexOrderIdInput, forexOrderSchema, forexSetStopInput, forexSubmitInput } from '../forex.js';

const tags = ['forex'];
const action = { methods: ['POST'], output: forexOrderSchema, access: access.user, idempotent: true, tags } as const;

/** Contract trading: actions are POST (JSON or form) and honour the Idempotency-Key; my_deal is GET. */
export const forexEndpoints = {
  submit: defineEndpoint({ summary: 'Open a contract order at the market price, or place a pending order', ...action, path: '/v2/api/forex/submit', input: forexSubmitInput }),
  myDeal: defineEndpoint({ summary: "The caller's pending, open or closed contract orders (paged)", methods: ['GET'], path: '/v2/api/forex/my_deal', input: forexMyDealQuery, output: forexMyDealSchema, access: access.user, idempotent: false, tags }),
  close: defineEndpoint({ summary: 'Close an open contract order at the market price', ...action, path: '/v2/api/forex/close', input: forexOrderIdInput }),
  cancel: defineEndpoint({ summary: 'Cancel a pending contract order', ...action, path: '/v2/api/forex/cancel_trade', input: forexOrderIdInput }),
  setStop: defineEndpoint({ summary: 'Set or clear the stop loss and take profit of an order', ...action, path: '/v2/api/forex/set_stop_price', input: forexSetStopInput }),
};
