import { z } from 'zod';
import { ADMIN_ROLES } from './endpoints/define-endpoint.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, text } from './form-fields.js';
import { wireDateTime } from './money.js';
import { email, password } from './users.js';

/** Staff accounts of the admin console (/admin/api; decisions.md "Admin console"): roles, invitations, own password. */

export const adminRoleSchema = z.enum(ADMIN_ROLES);

/** The signed-in staff member, as the console needs it to choose what to show. */
export const staffMeSchema = z.object({ id: z.number().int(), email: z.string(), role: adminRoleSchema, totp_enabled: z.boolean() });
export type StaffMe = z.infer<typeof staffMeSchema>;

/** `new_password` follows the users' password rule (a weak one is refused as password_too_weak). */
export const staffPasswordInput = z.object({ current_password: text.min(1).max(128), new_password: password });

export const STAFF_STATUS = ['active', 'disabled'] as const;
export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: adminRoleSchema,
  status: z.enum(STAFF_STATUS),
  totp_enabled: z.boolean(),
  /** When the staff member last signed in; null if never. */
  last_login_at: wireDateTime.nullable(),
  created_at: wireDateTime,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
/** Who a staff id is, for every staff member (a reviewer's name beside a decision). */
export const staffNameSchema = z.object({ id: z.number().int(), email: z.string() });
export type StaffName = z.infer<typeof staffNameSchema>;
export const staffQuery = z.object({ ...pageQuery.shape, ...ignoredT });
export const staffPageSchema = pagedSchema(staffMemberSchema);

export const staffInviteInput = z.object({ email, role: adminRoleSchema });
/** The link is shown once: only the token's hash is kept. */
export const staffInvitationSchema = z.object({ email: z.string(), role: adminRoleSchema, link: z.string(), expires_at: wireDateTime });
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** An invitation still waiting: not used, not expired, not revoked. The link itself is never shown again. */
export const staffPendingInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: adminRoleSchema,
  /** The e-mail of the admin who sent it. */
  invited_by: z.string(),
  created_at: wireDateTime,
  expires_at: wireDateTime,
});
export type StaffPendingInvitation = z.infer<typeof staffPendingInvitationSchema>;
export const staffPendingInvitationPageSchema = pagedSchema(staffPendingInvitationSchema);

/** A token of an invitation link: 32 random bytes, base64url. */
export const invitationToken = text.regex(/^[A-Za-z0-9_-]{43}$/, 'invitation token');
export const staffAcceptInput = z.object({ token: invitationToken, password });
export const staffJoinedSchema = z.object({ email: z.string(), role: adminRoleSchema });

/** Role and/or disabled; at least one of them. */
export const staffUpdateInput = z
  .object({ role: adminRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: 'role or disabled' });
export const staffIdParams = z.object({ id: idField });
