/**
 * Machine-readable reasons for refusals and the keys of success messages. The server maps each to
 * a localized `msg` in one place (apps/server/src/http/messages); clients may branch on `error`.
 */
export const ERROR_KEYS = [
  // generic
  'bad_request', // input failed validation; msg names the field
  'not_found',
  'server_error',
  'service_unavailable', // HTTP 503: the database cannot be reached for now; try again shortly
  'not_logged_in', // code 999
  'too_many_requests',
  'only_true_account', // demo accounts are kept from real-money features
  'forbidden',
  'text_control_characters', // {field}: a NUL or other control character in a text field
  'amount_too_large', // {field} {max}: beyond the platform's maximum for that kind of amount
  'request_too_large', // HTTP 431: the request line or headers (a long query) exceed the server's limit
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
  'session_ended', // websocket: the socket's login ended (logout, password change, revoked token, disabled user)
  // staff second factor (TOTP)
  'totp_required', // the staff member has TOTP on: the login needs the code
  'totp_invalid', // wrong, expired or already used code
  'totp_already_enabled',
  'totp_not_set_up', // enable before setup
  'totp_not_enabled',
  'demo_limit', // this address opened too many demo accounts within the hour
  // wallet (uploads, deposits, withdrawals, transfers, admin review)
  'upload_missing', // no file in the multipart field `file`
  'upload_not_image', // content is not PNG, JPEG or WebP (whatever the name or declared type says)
  'upload_too_large', // {max_mb}
  'upload_quota_count', // {max}: images per user per hour
  'upload_quota_bytes', // {max_mb}: bytes per user per day
  'proof_invalid', // proofImg is not an image this user uploaded
  'channel_not_found', // unknown deposit address, bank coin or collection account
  'proof_in_use', // the proof image already backs another deposit claim awaiting review
  'currency_not_found', // unknown or disabled withdrawal currency
  'method_not_found', // no such bound method of this user (never says whether it exists for another)
  'method_mismatch', // the method's currency or type differs from the withdrawal's
  'withdraw_address_invalid', // {network}: the address does not fit the currency's network (format or checksum)
  'method_waiting', // {hours}: a method bound less than that many hours ago cannot be withdrawn to yet
  'amount_below_min', // {min}
  'fee_exceeds_amount', // the fee takes the whole amount
  'insufficient_balance',
  'same_account', // transfer from and to are the same account
  'already_decided', // a reviewed item cannot be decided again
  'idempotency_conflict', // the Idempotency-Key was used for another request
  // options (micro)
  'micro_market_closed',
  'micro_seconds_invalid', // the seconds are not one of the offered options
  'micro_amount_too_low', // {min}: the option's LimitAmount
  'micro_insufficient_balance', // the options account has less available than the stake
  // forex (contract) trading: prefixed so keys other features add for their own refusals never collide
  'no_mult_config', // the symbol offers no leverage (spec 5, 8: 'no mult config')
  'forex_multiple_invalid', // a leverage the symbol does not offer
  'forex_market_closed',
  'forex_symbol_close_only', // staff disabled the symbol: what is held on it can be closed, no new orders
  'forex_no_price', // no stored tick to price the order at
  'prices_delayed', // the newest stored tick is older than PRICE_MAX_AGE_MS: nothing is priced from it
  'forex_lots_below_min',
  'forex_lots_off_step',
  'forex_pending_price_invalid', // pending buy not below the market, sell not above
  'forex_stop_loss_invalid',
  'forex_take_profit_invalid',
  'forex_insufficient_balance',
  'forex_order_not_holding',
  'forex_order_not_pending',
  // staff and roles (admin console)
  'staff_role_forbidden', // the staff member's role may not call this admin endpoint (code 0: the console stays signed in)
  'staff_self_change', // staff management never changes, disables or resets the caller's own account
  'staff_last_admin', // the change would leave no active admin
  'staff_exists', // an invitation for an e-mail that already belongs to a staff member
  'staff_invite_invalid', // the invitation link is unknown, expired or already used
  // admin console: users area
  'user_not_found',
  // Admin console: configuration
  'forex_lots_above_max', // more lots than the symbol's maximum
  'config_setting_unknown', // not a key of the settings registry
  'config_setting_invalid', // the value does not fit the setting's kind
  'config_lots_range', // the minimum lots above the maximum
  'config_duplicate', // a seconds option, amount, bank currency or address that exists already
  'config_bank_coin_missing', // a collection account names an unknown bank currency
  'config_main_company_disabled', // the main company cannot be disabled
  'config_fee_rate_range', // a fee rate of 1 or more while trade_fee_type makes it a share of the margin
  // real-name authentication
  'real_name_front_missing', // the front photo of the id was not uploaded
  'real_name_back_missing', // the back photo of the id was not uploaded
  'real_name_waiting', // a submission is waiting for review: no second one
  'real_name_verified', // already verified: nothing to submit
  // news translations (admin console)
  'news_translation_invalid', // the original is unknown or itself a translation, the language is empty, or that language has one already
  // mining funds
  'fund_not_found', // unknown or retired fund
  'fund_amount_below_min', // {min}: staring_sub_amount
  'fund_amount_above_max', // {max}: max_sub_amount
  'fund_insufficient_balance', // the funding account has less available than the amount
  'fund_sub_not_found', // no such subscription of this user (never says whether it exists for another)
  'fund_not_running', // redemption only in status 1
  'fund_amount_range', // staff: the minimum above the maximum
  // loans
  'loan_kyc_pending', // the identity check waits for review or is approved already: nothing to submit
  'loan_kyc_required', // a loan needs an approved identity check
  'loan_birthday_range', // the birthday lies outside 1950-01-01 to today
  'loan_config_not_found', // no such (enabled) loan term
  'loan_amount_range', // {min} {max}: the amount lies outside the term's bounds
  'loan_open', // another loan waits for review or is not repaid
  'loan_sign_required', // the drawn signature is missing or not this user's upload
  'loan_agreement_outdated', // the agreement shown is not the current version
  'loan_not_repayable', // the loan is not in the state a repayment needs
  // copy trading
  'follow_self', // a user cannot follow themself
  'follow_trader_unknown', // no such user, or not a trader
  'follow_trader_demo', // a demo account is never a trader
  'follow_multiple_range', // {min} {max}
  'follow_max_amount_range', // {min} {max}
  'follow_not_following', // canal_follow of a trader the user does not follow
  'trader_application_waiting', // an application is already waiting for review
  'already_trader',
  // statements
  'statement_too_long', // {max}: the range holds more postings than one statement answers
  'documents_busy', // every document thread is busy and enough documents wait: try again shortly
  // price alerts
  'alert_limit', // {max}: the user has that many waiting alerts already
  'alert_not_found', // no such waiting alert of this user (never says whether it exists for another)
  // web push
  'push_subscription_not_found', // no such subscription of this user (never says whether another user has it)
  'push_service_unknown', // the subscription's URL is not one of the known browser push services
  'push_subscription_invalid', // the device's URL is subscribed with other keys (a browser never does that)
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

export const SUCCESS_KEYS = [
  'ok',
  'code_sent',
  'registered',
  'logged_in',
  'logged_out',
  'password_changed',
  'totp_enabled',
  'totp_disabled',
  'demo_reset',
  'uploaded',
  'deposit_submitted',
  'withdrawal_submitted',
  'transfer_done',
  'method_bound',
  'method_deleted',
  'decision_saved',
  'micro_submitted',
  'forex_submitted',
  'forex_closed',
  'forex_cancelled',
  'forex_stop_set',
  // staff and roles (admin console)
  'staff_invited',
  'staff_updated',
  'staff_joined',
  'staff_invitation_revoked',
  'staff_password_changed',
  // admin console: users area
  'user_login_disabled',
  'user_login_enabled',
  'user_sessions_ended',
  // Admin console: configuration
  'config_saved',
  // real-name authentication
  'real_name_submitted',
  // mining funds
  'fund_subscribed',
  'fund_refund_applied',
  // loans
  'loan_kyc_submitted',
  'loan_submitted',
  'loan_repayment_submitted',
  'loan_repaid',
  // copy trading
  'trader_applied',
  'follow_saved',
  'follow_cancelled',
] as const;
export type SuccessKey = (typeof SUCCESS_KEYS)[number];

export type MessageKey = ErrorKey | SuccessKey;
export const MESSAGE_KEYS: readonly MessageKey[] = [...ERROR_KEYS, ...SUCCESS_KEYS];
