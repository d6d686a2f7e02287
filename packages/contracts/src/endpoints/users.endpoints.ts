import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { amendPasswordInput, demoInput, forgetPasswordInput, loginInput, profitsSchema, registerInput, sessionSchema, userSchema } from '../users.js';

const tags = ['user'];

const accountLimit = { max: 'account', windowMs: 60_000 } as const;

export const usersEndpoints = {
  // Each checks an e-mailed code: per IP as send_email is, besides the per-code limit of tries.
  register: defineEndpoint({ methods: ['POST'], path: '/api/user/register', input: registerInput, output: sessionSchema, access: access.public, idempotent: false, rateLimit: accountLimit, tags }),
  login: defineEndpoint({
    methods: ['POST'],
    path: '/api/user/loginForU',
    input: loginInput,
    output: sessionSchema,
    access: access.public,
    idempotent: false,
    rateLimit: { max: 'login', windowMs: 60_000 },
    tags,
  }),
  /** The spec gives it as GET; it answers POST too (decisions.md). */
  demoLogin: defineEndpoint({ methods: ['GET', 'POST'], path: '/api/user/createAccountDemoForU', input: demoInput, output: sessionSchema, access: access.public, idempotent: false, tags }),
  info: defineEndpoint({ methods: ['GET'], path: '/api/user/info', output: userSchema, access: access.user, idempotent: false, tags }),
  logout: defineEndpoint({ methods: ['POST'], path: '/api/user/logout', output: z.null(), access: access.user, idempotent: false, tags }),
  amendPassword: defineEndpoint({ methods: ['POST'], path: '/api/user/amend_password', input: amendPasswordInput, output: z.null(), access: access.real, idempotent: false, tags }),
  forgetPassword: defineEndpoint({ methods: ['POST'], path: '/api/user/forget_password', input: forgetPasswordInput, output: z.null(), access: access.public, idempotent: false, rateLimit: accountLimit, tags }),
  /** The spec gives it as GET; it answers POST too (decisions.md). */
  resetDemo: defineEndpoint({ methods: ['GET', 'POST'], path: '/v2/api/main/user/resetForexDemoAccount', output: z.null(), access: access.user, idempotent: true, tags }),
  profits: defineEndpoint({ methods: ['GET'], path: '/api/user/get_profits', output: profitsSchema, access: access.user, idempotent: false, tags }),
};
