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
  search: defineEndpoint({ methods: ['GET'], path: '/admin/api/users', input: adminUserSearchQuery, output: adminUserPageSchema, access: readers, idempotent: false, tags }),
  user: defineEndpoint({ methods: ['GET'], path: '/admin/api/users/:id', params: adminUserParams, output: adminUserDetailSchema, access: readers, idempotent: false, tags }),
  statement: defineEndpoint({ ...userList, path: '/admin/api/users/:id/statement', input: adminStatementQuery, output: adminStatementPageSchema }),
  forexOrders: defineEndpoint({ ...userList, path: '/admin/api/users/:id/forex-orders', output: adminUserForexOrderPageSchema }),
  options: defineEndpoint({ ...userList, path: '/admin/api/users/:id/options', output: adminUserOptionPageSchema }),
  deposits: defineEndpoint({ ...userList, path: '/admin/api/users/:id/deposits', output: adminUserDepositPageSchema }),
  withdrawals: defineEndpoint({ ...userList, path: '/admin/api/users/:id/withdrawals', output: adminUserWithdrawalPageSchema }),
  sessions: defineEndpoint({ ...userList, path: '/admin/api/users/:id/sessions', output: adminUserSessionPageSchema }),
  /** Stops the user's login: status 0 and every token revoked at once. */
  disable: defineEndpoint({ ...action, path: '/admin/api/users/:id/disable' }),
  enable: defineEndpoint({ ...action, path: '/admin/api/users/:id/enable' }),
  /** Revokes every token of the user; open websockets end their login. */
  endSessions: defineEndpoint({ ...action, path: '/admin/api/users/:id/end-sessions' }),
};
