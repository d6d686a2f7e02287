/**
 * Machine-readable reasons for refusals and the keys of success messages. The server maps each to
 * a localized `msg` in one place (apps/server/src/http/messages); clients may branch on `error`.
 */
export const ERROR_KEYS = [
  // generic
  'bad_request', // input failed validation; msg names the field
  'not_found',
  'server_error',
  'not_logged_in', // code 999
  'too_many_requests',
  'only_true_account', // demo accounts are kept from real-money features
  'forbidden',
  // users
  'account_required',
  'password_required',
  'invalid_credentials',
  'account_exists',
  'account_not_found',
  'code_required',
  'code_invalid', // wrong, expired or already used
  'code_too_soon', // resend inside 60 s
  'captcha_invalid',
  'invite_code_invalid',
  'password_not_equal',
  'password_too_weak',
  'input_full',
  'demo_id_required',
  'account_disabled',
  // options (micro)
  'micro_market_closed',
  'micro_seconds_invalid', // the seconds are not one of the offered options
  'micro_amount_too_low', // {min}: the option's LimitAmount
  'micro_insufficient_balance', // the options account has less available than the stake
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

export const SUCCESS_KEYS = [
  'ok',
  'code_sent',
  'registered',
  'logged_in',
  'logged_out',
  'password_changed',
  'demo_reset',
  'micro_submitted',
] as const;
export type SuccessKey = (typeof SUCCESS_KEYS)[number];

export type MessageKey = ErrorKey | SuccessKey;
export const MESSAGE_KEYS: readonly MessageKey[] = [...ERROR_KEYS, ...SUCCESS_KEYS];
