import { access, defineEndpoint } from './define-endpoint.js';
import {
  adminStatementPageSchema,
  adminStatementQuery,
  adminUserActionSchema,
  adminUserDepositPageSchema,
  adminUserDetailSchema,
  adminUserForexOrderPageSchema,
  adminUserListQuery,
  adminUserOptionPageSchema,
  adminUserPageSchema,
  adminUserParams,
  adminUserSearchQuery,
  adminUserSessionPageSchema,
  adminUserWithdrawalPageSchema,
} from '../admin-users.js';

const tags = ['admin'];
/** Every staff seat reads users (support answers their questions); only admins stop a login. */
const readers = access.admin('admin', 'reviewer', 'support');
const admins = access.admin('admin');
const userList = { methods: ['GET'], params: adminUserParams, input: adminUserListQuery, access: readers, idempotent: false, tags } as const;
const action = { methods: ['POST'], params: adminUserParams, output: adminUserActionSchema, access: admins, idempotent: false, tags } as const;

/** The users area of the admin console: search, a user's page and its tabs, and the login actions. */
export const adminUsersEndpoints = {
  search: defineEndpoint({ summary: 'Search the users by a text, demo or real accounts (paged)', methods: ['GET'], path: '/admin/api/users', input: adminUserSearchQuery, output: adminUserPageSchema, access: readers, idempotent: false, tags }),
  user: defineEndpoint({ summary: "A user's page: profile, accounts and balances, status", methods: ['GET'], path: '/admin/api/users/:id', params: adminUserParams, output: adminUserDetailSchema, access: readers, idempotent: false, tags }),
  statement: defineEndpoint({ summary: "A user's ledger statement (paged)", ...userList, path: '/admin/api/users/:id/statement', input: adminStatementQuery, output: adminStatementPageSchema }),
  forexOrders: defineEndpoint({ summary: "A user's contract orders (paged)", ...userList, path: '/admin/api/users/:id/forex-orders', output: adminUserForexOrderPageSchema }),
  options: defineEndpoint({ summary: "A user's timed option orders (paged)", ...userList, path: '/admin/api/users/:id/options', output: adminUserOptionPageSchema }),
  deposits: defineEndpoint({ summary: "A user's deposits (paged)", ...userList, path: '/admin/api/users/:id/deposits', output: adminUserDepositPageSchema }),
  withdrawals: defineEndpoint({ summary: "A user's withdrawals (paged)", ...userList, path: '/admin/api/users/:id/withdrawals', output: adminUserWithdrawalPageSchema }),
  sessions: defineEndpoint({ summary: "A user's login sessions (paged)", ...userList, path: '/admin/api/users/:id/sessions', output: adminUserSessionPageSchema }),
  /** Stops the user's login: status 0 and every token revoked at once. */
  disable: defineEndpoint({ summary: "Stop a user's login: the account is disabled and every token revoked", ...action, path: '/admin/api/users/:id/disable' }),
  enable: defineEndpoint({ summary: 'Let a disabled user log in again', ...action, path: '/admin/api/users/:id/enable' }),
  /** Revokes every token of the user; open websockets end their login. */
  endSessions: defineEndpoint({ summary: 'Revoke every token of a user; open websockets end their login', ...action, path: '/admin/api/users/:id/end-sessions' }),
};
