import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { amendPasswordInput, demoInput, forgetPasswordInput, loginInput, profitsSchema, registerInput, sessionSchema, userSchema } from '../users.js';

const tags = ['user'];

const accountLimit = { max: 'account', windowMs: 60_000 } as const;

export const usersEndpoints = {
  // Each checks an e-mailed code: per IP as send_email is, besides the per-code limit of tries.
  register: defineEndpoint({ summary: 'Register with an e-mail, its code and a password; answers a session', methods: ['POST'], path: '/api/user/register', input: registerInput, output: sessionSchema, access: access.public, idempotent: false, rateLimit: accountLimit, tags }),
  login: defineEndpoint({
    summary: 'Log in with e-mail and password; answers a session',
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
  demoLogin: defineEndpoint({ summary: 'Log in to the demo account of a demo id, creating it on first use', methods: ['GET', 'POST'], path: '/api/user/createAccountDemoForU', input: demoInput, output: sessionSchema, access: access.public, idempotent: false, tags }),
  info: defineEndpoint({ summary: "The caller's profile", methods: ['GET'], path: '/api/user/info', output: userSchema, access: access.user, idempotent: false, tags }),
  logout: defineEndpoint({ summary: 'End the session of this token', methods: ['POST'], path: '/api/user/logout', output: z.null(), access: access.user, idempotent: false, tags }),
  amendPassword: defineEndpoint({ summary: 'Change the password with the current one', methods: ['POST'], path: '/api/user/amend_password', input: amendPasswordInput, output: z.null(), access: access.real, idempotent: false, tags }),
  forgetPassword: defineEndpoint({ summary: 'Set a new password with a code sent to the e-mail', methods: ['POST'], path: '/api/user/forget_password', input: forgetPasswordInput, output: z.null(), access: access.public, idempotent: false, rateLimit: accountLimit, tags }),
  /** The spec gives it as GET; it answers POST too (decisions.md). */
  resetDemo: defineEndpoint({ summary: 'Reset the demo account: orders closed, balances back to the start', methods: ['GET', 'POST'], path: '/v2/api/main/user/resetForexDemoAccount', output: z.null(), access: access.user, idempotent: true, tags }),
  profits: defineEndpoint({ summary: "The caller's profit and profit rate of today", methods: ['GET'], path: '/api/user/get_profits', output: profitsSchema, access: access.user, idempotent: false, tags }),
};
