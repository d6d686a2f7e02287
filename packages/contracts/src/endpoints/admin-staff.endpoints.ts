import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import {
  staffAcceptInput,
  staffIdParams,
  staffInvitationSchema,
  staffInviteInput,
  staffJoinedSchema,
  staffMeSchema,
  staffMemberSchema,
  staffNameSchema,
  staffPendingInvitationPageSchema,
  staffPageSchema,
  staffPasswordInput,
  staffQuery,
  staffUpdateInput,
} from '../admin-staff.js';
import { totpStateSchema } from '../admin-review.js';

const tags = ['admin-staff'];
/** Every staff member, whatever the role: their own account. */
const anyStaff = access.admin('admin', 'reviewer', 'support');
/** Staff management is the admin's alone. */
const adminOnly = access.admin('admin');

/**
 * Staff accounts: who is signed in, the own password, and staff management (invite, role,
 * disable, reset the second factor). Accepting an invitation is public: it is how a new staff
 * member gets a password.
 */
export const adminStaffEndpoints = {
  /** The signed-in staff member: the console reads the role from here. */
  me: defineEndpoint({ summary: 'The signed-in staff member and their role', methods: ['GET'], path: '/admin/api/me', output: staffMeSchema, access: anyStaff, idempotent: false, tags }),
  /** Changes the own password; the other sessions of the account end. */
  password: defineEndpoint({ summary: 'Change the own password; the other sessions of the account end', methods: ['POST'], path: '/admin/api/password', input: staffPasswordInput, output: z.null(), access: anyStaff, idempotent: false, tags }),
  /** Every staff account's id and e-mail, for showing who decided an item (a queue's reviewer). */
  staffNames: defineEndpoint({ summary: 'The staff accounts by id and e-mail, to name who decided an item', methods: ['GET'], path: '/admin/api/staff/names', output: z.array(staffNameSchema), access: anyStaff, idempotent: false, tags }),
  staff: defineEndpoint({ summary: 'List the staff accounts (paged)', methods: ['GET'], path: '/admin/api/staff', input: staffQuery, output: staffPageSchema, access: adminOnly, idempotent: false, tags }),
  /** An invitation link for a new staff member, shown once and valid for 72 hours. */
  invite: defineEndpoint({ summary: 'Invite a new staff member: a link shown once, valid for 72 hours', methods: ['POST'], path: '/admin/api/staff', input: staffInviteInput, output: staffInvitationSchema, access: adminOnly, idempotent: false, tags }),
  /** The invitations still waiting for their staff member (newest first). */
  invitations: defineEndpoint({ summary: 'List the invitations still waiting, newest first (paged)', methods: ['GET'], path: '/admin/api/staff/invitations', input: staffQuery, output: staffPendingInvitationPageSchema, access: adminOnly, idempotent: false, tags }),
  /** Ends a waiting invitation now (a link sent to the wrong address): its link stops working. */
  revokeInvitation: defineEndpoint({ summary: 'Withdraw a waiting invitation; its link stops working', methods: ['POST'], path: '/admin/api/staff/invitations/:id/revoke', params: staffIdParams, output: z.null(), access: adminOnly, idempotent: false, tags }),
  /** Public: the invitation token and a password create the account. Limited like login. */
  accept: defineEndpoint({
    summary: 'Accept an invitation: its token and a new password create the staff account',
    methods: ['POST'],
    path: '/admin/api/staff/accept',
    input: staffAcceptInput,
    output: staffJoinedSchema,
    access: access.public,
    idempotent: false,
    rateLimit: { max: 'login', windowMs: 60_000 },
    tags,
  }),
  update: defineEndpoint({ summary: "Change a staff member's role or disable the account", methods: ['PUT'], path: '/admin/api/staff/:id', params: staffIdParams, input: staffUpdateInput, output: staffMemberSchema, access: adminOnly, idempotent: false, tags }),
  /** Turns another staff member's second factor off (a lost phone); they set it up again. */
  resetTotp: defineEndpoint({ summary: "Turn another staff member's second factor off (a lost phone)", methods: ['POST'], path: '/admin/api/staff/:id/reset-totp', params: staffIdParams, output: totpStateSchema, access: adminOnly, idempotent: false, tags }),
};
