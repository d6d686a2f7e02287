/** Client-side checks before a call; the server validates again. Return an i18n key or null. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): string | null {
  if (!value.trim()) return 'auth.account_required';
  if (!EMAIL.test(value.trim())) return 'auth.email_invalid';
  return null;
}

/** Forgot / change password (spec section 5): all filled (public.input_full), then equal. */
export function checkNewPasswords(fields: { code: string; password: string; repeat: string; email?: string }): string | null {
  if (fields.email !== undefined && !fields.email.trim()) return 'public.input_full';
  if (!fields.code.trim() || !fields.password || !fields.repeat) return 'public.input_full';
  if (fields.password !== fields.repeat) return 'public.password_not_equal';
  if (fields.password.length < 8 || fields.password.length > 64) return 'auth.password_rule';
  return null;
}

/** A `from` query value that is safe to navigate to: an in-app path only. */
export function safeFrom(from: string | null | undefined, fallback = '/'): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return fallback;
  return from;
}
