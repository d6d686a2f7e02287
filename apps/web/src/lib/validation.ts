import { email, password } from '@tp/contracts';

/**
 * Client-side checks before a call, by the server's own rules (the contracts' e-mail and password
 * schemas), so the form never lets through what the server refuses. Return an i18n key or null.
 */
export function checkEmail(value: string): string | null {
  if (!value.trim()) return 'auth.account_required';
  if (!email.safeParse(value).success) return 'auth.email_invalid';
  return null;
}

/** A new password the server accepts (length), or the key of its rule. */
export function checkPassword(value: string): string | null {
  return password.safeParse(value).success ? null : 'auth.password_rule';
}

/** Forgot / change password (spec section 5): all filled (public.input_full), then equal. */
export function checkNewPasswords(fields: { code: string; password: string; repeat: string; email?: string }): string | null {
  if (fields.email !== undefined && !fields.email.trim()) return 'public.input_full';
  if (!fields.code.trim() || !fields.password || !fields.repeat) return 'public.input_full';
  if (fields.password !== fields.repeat) return 'public.password_not_equal';
  return checkPassword(fields.password);
}

/** A `from` query value that is safe to navigate to: an in-app path only. */
export function safeFrom(from: string | null | undefined, fallback = '/'): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return fallback;
  return from;
}
