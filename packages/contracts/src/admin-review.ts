import { z } from 'zod';
import { ADMIN_ROLES } from './endpoints/define-endpoint.js';
import { wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, intIn, optionalMultiLineText, requiredMultiLineText, text, optionalInt } from './form-fields.js';
import { email } from './users.js';
import { chargeRecordSchema } from './deposits.js';
import { drawMethodSchema, withdrawRecordSchema } from './withdrawals.js';

/** The admin review API (/admin/api; decisions.md): its login and the deposit and withdrawal queues. */

/** A TOTP code (RFC 6238): six digits. */
export const totpCode = text.regex(/^[0-9]{6}$/, 'six digits');
/** `totp` is required once the staff member has turned the second factor on. */
export const adminLoginInput = z.object({ email, password: text.min(1).max(128), totp: totpCode.optional() });
/** Setup: the secret (base32) and the otpauth:// URI to scan; TOTP is on only after enable with a valid code. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export const totpCodeInput = z.object({ code: totpCode });
export const totpStateSchema = z.object({ enabled: z.boolean() });
/** The role tells the console what to show; the server checks it on every admin endpoint. */
export const adminSessionSchema = z.object({ token: z.string(), admin: z.object({ id: z.number().int(), email: z.string(), role: z.enum(ADMIN_ROLES) }) });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminQueueQuery = z.object({
  status: optionalInt(intIn(0, 3)),
  ...pageQuery.shape,
  ...ignoredT,
});
export const adminItemParams = z.object({ id: idField });
/** Approval may carry a note; the body may be absent. */
export const adminApproveInput = z.object({ reason: optionalMultiLineText(500) }).nullish();
/** A rejection says why; the reason is shown to the user as the record's remark. */
export const adminRejectInput = z.object({ reason: requiredMultiLineText(500) });

export const adminUserRefSchema = z.object({ id: z.number().int(), uid: z.string(), email: z.string().nullable() });

export const adminDepositSchema = chargeRecordSchema.extend({
  user: adminUserRefSchema,
  channel: z.string(),
  reviewed_at: wireDateTime.nullable(),
  reviewed_by: z.number().int().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositPageSchema = pagedSchema(adminDepositSchema);

export const adminWithdrawalSchema = withdrawRecordSchema.extend({
  user: adminUserRefSchema,
  method: drawMethodSchema,
  remark: z.string(),
  reviewed_at: wireDateTime.nullable(),
  reviewed_by: z.number().int().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = pagedSchema(adminWithdrawalSchema);

export const adminDecisionSchema = z.object({ id: z.number().int(), status: z.number().int() });
