import { access, defineEndpoint } from './define-endpoint.js';
import { forexMyDealQuery, forexMyDealSchema, forexOrderIdInput, forexOrderSchema, forexSetStopInput, forexSubmitInput } from '../forex.js';

const tags = ['forex'];
const action = { methods: ['POST'], output: forexOrderSchema, access: access.user, idempotent: true, tags } as const;

/** Contract trading: actions are POST (JSON or form) and honour the Idempotency-Key; my_deal is GET. */
export const forexEndpoints = {
  submit: defineEndpoint({ ...action, path: '/v2/api/forex/submit', input: forexSubmitInput }),
  myDeal: defineEndpoint({ methods: ['GET'], path: '/v2/api/forex/my_deal', input: forexMyDealQuery, output: forexMyDealSchema, access: access.user, idempotent: false, tags }),
  close: defineEndpoint({ ...action, path: '/v2/api/forex/close', input: forexOrderIdInput }),
  cancel: defineEndpoint({ ...action, path: '/v2/api/forex/cancel_trade', input: forexOrderIdInput }),
  setStop: defineEndpoint({ ...action, path: '/v2/api/forex/set_stop_price', input: forexSetStopInput }),
};
