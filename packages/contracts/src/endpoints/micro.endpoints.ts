import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { ignoredT, pagedSchema } from '../envelope.js';
import { microOrderSchema, microOrdersQuery, microSecondsSchema, microSubmitInput } from '../micro.js';

const tags = ['micro'];

export const microEndpoints = {
  /** Public: visitors see the options on the trade screen before logging in. */
  seconds: defineEndpoint({ summary: 'The timed options: durations, profit ratios and stakes', methods: ['GET'], path: '/v2/api/micro/get_seconds', input: z.object(ignoredT), output: microSecondsSchema, access: access.public, idempotent: false, tags }),
  submit: defineEndpoint({ summary: 'Buy a timed option: up or down over a duration', methods: ['POST'], path: '/v2/api/micro/submit', input: microSubmitInput, output: microOrderSchema, access: access.user, idempotent: true, tags }),
  orders: defineEndpoint({ summary: "The caller's timed option orders (paged)", methods: ['GET'], path: '/v2/api/micro/orders', input: microOrdersQuery, output: pagedSchema(microOrderSchema), access: access.user, idempotent: false, tags }),
};
