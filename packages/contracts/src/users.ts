import { z } from 'zod';
import { ignoredT } from './envelope.js';
import { intField, intIn, text, optionalInt } from './form-fields.js';

export const email = text.trim().toLowerCase().max(254).email();
export const password = text.min(8).max(64);
export const sixDigitCode = text.trim().regex(/^\d{6}$/);

/**
 * `to` names the address for types 1 and 2. Type 3 (a withdrawal or a new withdrawal method) is
 * sent to the signed-in account's own e-mail whatever `to` says, so `to` may be left out.
 */
export const sendEmailInput = z
  .object({
    to: email.optional(),
    type: intField.pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
    area_id: optionalInt(intField),
    ...ignoredT,
  })
  .superRefine((v, ctx) => {
    if (v.type !== 3 && v.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required' });
  });
export const sendSmsInput = z.object({
  to: text.trim().regex(/^\d{5,15}$/),
  area_id: intIn(1, 2_147_483_647),
  type: intField.pipe(z.union([z.literal(1), z.literal(2)])),
  ...ignoredT,
});

/**
 * Register. `type` 1 = e-mail (the only one offered). With verify_reg_type 1 `sms_code` is the
 * code from send_email; with verify_reg_type 2 `key` is the captcha id and `sms_code` its answer.
 */
export const registerInput = z.object({
  type: intField.pipe(z.literal(1)).default(1),
  account: email,
  password,
  re_password: text.max(64),
  invite_code: text.trim().max(16).optional().transform((v) => (v ? v : undefined)),
  sms_code: text.trim().min(1).max(12),
  key: text.max(64).optional(),
  area_id: optionalInt(intField),
  mobile: text.trim().regex(/^\d{5,15}$/).optional().or(z.literal('').transform(() => undefined)),
  ...ignoredT,
});

export const loginInput = z.object({
  login_type: text.max(16).optional(), // 'email'; the only kind offered
  account: text.trim().toLowerCase().min(1).max(254),
  password: text.min(1).max(64),
  ...ignoredT,
});

export const demoInput = z.object({ demo_id: text.trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/), ...ignoredT });

export const forgetPasswordInput = z.object({
  type: text.max(16).optional(), // 'email'
  account: email,
  new_password: password,
  secondary_password: text.max(64),
  auth_code: sixDigitCode,
  ...ignoredT,
});

/** Change password from the user page: a code sent to the user's own e-mail (send_email type 2). */
export const amendPasswordInput = z.object({
  type: text.max(16).optional(), // 'email'
  new_password: password,
  secondary_password: text.max(64).optional(),
  auth_code: sixDigitCode,
  ...ignoredT,
});

export const userSchema = z.object({
  id: z.number().int(),
  uid: z.string(), // public 8-digit id shown in the app
  email: z.string().nullable(),
  invite_code: z.string(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
  is_trader: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const captchaSchema = z.object({ id: z.string(), b64s: z.string() });

/** Today's profit for the home balance card: USDT and percent of the day's opening assets. */
export const profitsSchema = z.object({ today_profit: z.string(), today_profit_rate: z.string() });
