import type { ColumnType, Generated } from 'kysely';

/** timestamptz: pg returns a Date. Columns with a default (now()) may be left out on insert. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** NUMERIC comes back from pg as a string; money never becomes a JS number. */
type Numeric = ColumnType<string, string, string>;
/** The staff roles (contracts ADMIN_ROLES); a check constraint holds the column to them. */
type StaffRole = 'admin' | 'reviewer' | 'support';
type NumericDefault = ColumnType<string, string | undefined, string>;

export interface UsersTable {
  id: Generated<number>;
  uid: string;
  email: string | null;
  password_hash: string | null;
  invite_code: string;
  inviter_id: number | null;
  is_demo: boolean;
  demo_id: string | null;
  is_trader: Generated<boolean>;
  /** A sample trader the platform trades on the simulated market (0034): badged, out of the dashboard's real figures. */
  is_sample: Generated<boolean>;
  /** The address (an IPv6 one by its /64) a demo account was opened from, for demo accounts per IP per hour; null otherwise. */
  signup_ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 active, 0 disabled. */
  status: Generated<number>;
  created_at: TimestampDefault;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: TimestampDefault;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** Session lifetimes (0030): what a token check compares with now(), and what bounds it. */
  idle_for: ColumnType<string, string | undefined, string>;
  hard_expires_at: TimestampDefault;
  expires_at: TimestampDefault;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: string; // 'email' | 'sms'
  purpose: number; // CODE_PURPOSE
  address: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: TimestampDefault;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: TimestampDefault;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  account: string;
  ip: string;
  success: boolean;
  /** 'user' or 'staff': the lockout counts each realm apart. */
  realm: ColumnType<LoginRealm, LoginRealm | undefined, never>;
  created_at: TimestampDefault;
}

export type LoginRealm = 'user' | 'staff';

export interface SettingsTable {
  key: string;
  value: string | null;
  /** Only public settings are answered by GET /api/default/setting. */
  is_public: Generated<boolean>;
}

export interface AreasTable {
  id: Generated<number>;
  code: string;
  global_code: string;
  name: string;
  sort: Generated<number>;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
  is_main: Generated<boolean>;
  enabled: Generated<boolean>;
}

export interface AdminsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  /** Sealed with the DATA_DIR key (lib/secret-box.ts); counts only when totp_enabled. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** The 30 s step of the last accepted code (bigint: read as a string). */
  totp_last_step: ColumnType<string | null, never, string | number | null>;
  /** Which admin endpoints the staff member may call (the endpoint's access roles). */
  role: StaffRole;
  /** Set while disabled: no login, and the staff member's tokens are refused. */
  disabled_at: NullableTimestamp;
  invited_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: TimestampDefault;
}

/** A one-time link to join the staff; only the token's hash is stored. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  role: StaffRole;
  created_by: number;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  created_at: TimestampDefault;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** Session lifetimes (0030), as for user sessions. */
  idle_for: ColumnType<string, string | undefined, string>;
  hard_expires_at: TimestampDefault;
  expires_at: TimestampDefault;
}

export interface AuditLogTable {
  id: Generated<number>;
  admin_id: number | null;
  action: string;
  target: string | null;
  detail: ColumnType<unknown, string | null | undefined, never>;
  /** The HTTP request that did the action (its log line's reqId); null outside a request. */
  request_id: string | null;
  created_at: TimestampDefault;
}

export interface CurrenciesTable {
  id: Generated<number>;
  code: string;
  name: string;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  /** Set for user accounts; null for system (house) accounts. */
  user_id: number | null;
  /** ACCOUNT_TYPES id for user accounts; null for system accounts. */
  account_type: number | null;
  /** Set for system accounts, e.g. 'house_demo_funding'; null for user accounts. */
  system_code: string | null;
  currency_id: number;
  balance: NumericDefault;
  lock_balance: NumericDefault;
  created_at: TimestampDefault;
}

export interface LedgerTransactionsTable {
  id: Generated<string>;
  kind: string;
  memo: string;
  reference: string | null;
  created_at: TimestampDefault;
}

export interface LedgerPostingsTable {
  id: Generated<string>;
  transaction_id: string;
  account_id: number;
  bucket: 'available' | 'held';
  amount: Numeric;
}

export interface MarketCategoriesTable {
  id: Generated<number>;
  code: string;
  names: ColumnType<Record<string, string>, string, string>;
  sort: Generated<number>;
}

export interface TradeSymbolsTable {
  id: Generated<number>;
  code: string;
  show_code: string;
  logo: string;
  category_id: number;
  price_precision: number;
  pip: Numeric;
  min_cont: Numeric;
  cont_num: Numeric;
  fee_rate: Numeric;
  spread: Numeric;
  margin_mode: number;
  leverages: ColumnType<number[], number[] | undefined, number[]>;
  schedule: 'forex' | 'always';
  volatility: number;
  ticks_per_second: number;
  tick_volume: Numeric;
  initial_price: Numeric;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  /** The most lots one order may hold; null: no maximum of its own (0014). */
  max_cont: ColumnType<string | null, string | null | undefined, string | null>;
}

/** seq is bigint: pg returns it as a string. */
export interface TicksTable {
  symbol_id: number;
  seq: ColumnType<string, string | number, string | number>;
  price: Numeric;
  volume: Numeric;
  at: Timestamp;
  /** SHA-256 chain link (0022); null on ticks stored before it. */
  hash: ColumnType<Buffer | null, Buffer | null | undefined, never>;
}

export interface CandlesTable {
  symbol_id: number;
  period: number;
  time: Timestamp;
  open: Numeric;
  high: Numeric;
  low: Numeric;
  close: Numeric;
  volume: Numeric;
}

export interface DepositAddressesTable {
  id: Generated<number>;
  currency_code: string;
  protocol_code: string;
  address: string;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface BankCoinsTable {
  id: Generated<number>;
  name: string;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface BankAccountsTable {
  id: Generated<number>;
  bank_coin_id: number;
  bank_name: string;
  bank_address: Generated<string>;
  bank_swift: Generated<string>;
  payee_name: string;
  payee_account: string;
  bank_remark: Generated<string>;
  enabled: Generated<boolean>;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  stored_name: string;
  mime: string;
  size: number;
  created_at: TimestampDefault;
}

export interface ChargesTable {
  id: Generated<number>;
  user_id: number;
  /** 0 coin, 1 bank. */
  type: number;
  number: Numeric;
  currency_code: string;
  upload_id: number;
  deposit_address_id: number | null;
  bank_account_id: number | null;
  address: Generated<string>;
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
  status: Generated<number>;
  remark: Generated<string>;
  ledger_transaction_id: string | null;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
  reviewed_by: number | null;
}

export interface WithdrawCurrenciesTable {
  id: Generated<number>;
  code: string;
  protocol: Generated<string>;
  /** 1 crypto, 2 bank. */
  type: number;
  draw_rate: Numeric;
  fee_type: number;
  draw_min: Numeric;
  usd_price: NumericDefault;
  places: Generated<number>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface WithdrawMethodsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  draw_id: number;
  dc_address: Generated<string>;
  payee_account: Generated<string>;
  payee_name: Generated<string>;
  bank_name: Generated<string>;
  bank_address: Generated<string>;
  bank_swift: Generated<string>;
  bank_branch: Generated<string>;
  beneficiary_currency: Generated<string>;
  remark: Generated<string>;
  created_at: TimestampDefault;
  deleted_at: NullableTimestamp;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  draw_currency_id: number;
  method_id: number;
  number: Numeric;
  fee: Numeric;
  real_number: Numeric;
  notes: Generated<string>;
  /** 0 pending, 1 paid, 2 rejected. */
  status: Generated<number>;
  remark: Generated<string>;
  hold_transaction_id: string;
  settle_transaction_id: string | null;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
  reviewed_by: number | null;
}

export interface TransfersTable {
  id: Generated<number>;
  user_id: number;
  from_type: number;
  to_type: number;
  currency_id: number;
  amount: Numeric;
  ledger_transaction_id: string;
  created_at: TimestampDefault;
}

export interface MicroSecondsOptionsTable {
  id: Generated<number>;
  seconds: number;
  profit_ratio: Numeric;
  limit_amount: Numeric;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface MicroAmountPresetsTable {
  id: Generated<number>;
  amount: Numeric;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

/** id and the tick sequence numbers are bigint: pg returns them as strings. */
export interface MicroOrdersTable {
  id: Generated<string>;
  user_id: number;
  symbol_id: number;
  type: number;
  amount: Numeric;
  seconds: number;
  profit_ratio: Numeric;
  loss_level: number;
  open_price: Numeric;
  entry_tick_seq: ColumnType<string, string | number, string | number>;
  end_price: ColumnType<string | null, string | null | undefined, string | null>;
  exit_tick_seq: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  fact_profits: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 running, 3 closed. */
  status: Generated<number>;
  /** Closed: 1 settled at its exit tick, 2 voided by a demo reset. */
  close_type: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  expire_at: Timestamp;
  complete_at: NullableTimestamp;
}

export interface ForexOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol_id: number;
  origin_id: Generated<number>;
  /** 1 buy, 2 sell. */
  order_type: number;
  is_pending: boolean;
  quantity: Numeric;
  cont_num: Numeric;
  spread: Numeric;
  origin_price: Numeric;
  price: Numeric;
  update_price: ColumnType<string | null, string | null | undefined, string | null>;
  fact_profits: ColumnType<string | null, string | null | undefined, string | null>;
  caution_money: Numeric;
  trade_fee: Numeric;
  multiple: number;
  target_loss_price: NumericDefault;
  target_profit_price: NumericDefault;
  target_price: string | null;
  /** 0 pending, 1 holding, 2 closing (reserved), 3 closed, 4 cancelled. */
  status: number;
  close_type: number | null;
  open_tick_seq: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  close_tick_seq: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  is_demo: boolean;
  created_at: TimestampDefault;
  filled_at: NullableTimestamp;
  closed_at: NullableTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  request_hash: string;
  response: ColumnType<unknown, string, string>;
  created_at: TimestampDefault;
}

export interface EventOutboxTable {
  id: ColumnType<string, never, never>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  created_at: TimestampDefault;
  retry_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  done_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface EventDeliveriesTable {
  event_id: ColumnType<string, string, string>;
  consumer: string;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface ScheduledRunsTable {
  job: string;
  period_start: ColumnType<Date, Date, Date>;
  started_at: ColumnType<Date, Date, Date>;
  finished_at: TimestampDefault;
}

/** What a batch job could not settle and will retry (0026): one row per (job, item), owned by the engine. */
export interface SetAsideItemsTable {
  job: string;
  item: string;
  reason: string;
  first_at: Timestamp;
  last_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  login_attempts: LoginAttemptsTable;
  settings: SettingsTable;
  areas: AreasTable;
  companies: CompaniesTable;
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  staff_invitations: StaffInvitationsTable;
  audit_log: AuditLogTable;
  currencies: CurrenciesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  market_categories: MarketCategoriesTable;
  trade_symbols: TradeSymbolsTable;
  ticks: TicksTable;
  candles: CandlesTable;
  deposit_addresses: DepositAddressesTable;
  bank_coins: BankCoinsTable;
  bank_accounts: BankAccountsTable;
  uploads: UploadsTable;
  charges: ChargesTable;
  withdraw_currencies: WithdrawCurrenciesTable;
  withdraw_methods: WithdrawMethodsTable;
  withdrawals: WithdrawalsTable;
  transfers: TransfersTable;
  micro_seconds_options: MicroSecondsOptionsTable;
  micro_amount_presets: MicroAmountPresetsTable;
  news: NewsTable;
  real_name_auths: RealNameAuthsTable;
  micro_orders: MicroOrdersTable;
  forex_orders: ForexOrdersTable;
  idempotency_keys: IdempotencyKeysTable;
  event_outbox: EventOutboxTable;
  event_deliveries: EventDeliveriesTable;
  scheduled_runs: ScheduledRunsTable;
  set_aside_items: SetAsideItemsTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  funds: FundsTable;
  fund_subscriptions: FundSubscriptionsTable;
  fund_incomes: FundIncomesTable;
  loan_kyc: LoanKycTable;
  loan_configs: LoanConfigsTable;
  loans: LoansTable;
  // copy trading (0021)
  trader_applications: TraderApplicationsTable;
  follow_settings: FollowSettingsTable;
  follow_replications: FollowReplicationsTable;
  follow_copies: FollowCopiesTable;
  follow_trader_stats: FollowTraderStatsTable;
  fair_tick_blocks: FairTickBlocksTable;
  fair_receipts: FairReceiptsTable;
  fair_liability_roots: FairLiabilityRootsTable;
  fair_liability_leaves: FairLiabilityLeavesTable;
  // engine leadership (0029)
  engine_lease: EngineLeaseTable;
  engine_fence: EngineFenceTable;
  // starred symbols (0032)
  watchlist: WatchlistTable;
  // notifications (0035)
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_readers: NotificationReadersTable;
  // web push (0036)
  push_subscriptions: PushSubscriptionsTable;
  // sample traders (0034)
  sample_traders: SampleTradersTable;
  // price alerts (0037)
  price_alerts: PriceAlertsTable;
}

/** A user's price alert (0037); owned by the alerts module, fired by the engine. */
export interface PriceAlertsTable {
  id: Generated<number>;
  user_id: number;
  symbol_id: number;
  direction: number;
  price: Numeric;
  status: Generated<number>;
  created_at: TimestampDefault;
  fired_at: NullableTimestamp;
  fired_price: ColumnType<string | null, string | null | undefined, string | null>;
  fired_seq: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  cancelled_at: NullableTimestamp;
}

/** A sample trader's strategy and symbol (0034); owned by the sample-traders module. */
export interface SampleTradersTable {
  user_id: number;
  strategy: 'trend' | 'mean_reversion' | 'breakout' | 'momentum';
  symbol_id: number;
  created_at: TimestampDefault;
}

/** A device's Web Push subscription (0036); owned by the web-push module. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: TimestampDefault;
  last_used_at: NullableTimestamp;
}

/** A user's notification (0035); owned by the notifications module. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  params: ColumnType<Record<string, string | number>, string, string>;
  link: string | null;
  in_app: Generated<boolean>;
  created_at: TimestampDefault;
  read_at: NullableTimestamp;
  event_id: ColumnType<string, string | number, string | number>;
}

/** A kind whose switches the user changed from the defaults (0035). */
export interface NotificationSettingsTable {
  user_id: number;
  kind: string;
  in_app: boolean;
  push: boolean;
  email: boolean;
  updated_at: TimestampDefault;
}

/** The language a user last read notifications in (0035): for pushes and e-mail. */
export interface NotificationReadersTable {
  user_id: number;
  lang: string;
}

/** A symbol a user starred (0032); owned by the market module. */
export interface WatchlistTable {
  user_id: number;
  symbol_id: number;
  created_at: TimestampDefault;
}

/** Articles staff write in the admin console (0014); content is sanitized html. */
export interface NewsTable {
  id: Generated<number>;
  title: string;
  desc: Generated<string>;
  content: string;
  category_id: number;
  logo: Generated<string>;
  language: Generated<string>;
  published: Generated<boolean>;
  /** The original of a translation (0015); null for an original. */
  translation_of: number | null;
  created_by: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

/** Real-name submissions (0015): 1 waiting, 2 approved, 3 rejected; at most one waiting or approved per user. */
export interface RealNameAuthsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** 1 id card, 2 passport, 3 driver license. */
  id_card_type: number;
  card_id: string;
  front_upload_id: number;
  reverse_upload_id: number;
  status: Generated<number>;
  remark: Generated<string>;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
  reviewed_by: number | null;
}

/** The support chat (0017): one conversation per user. */
export interface SupportConversationsTable {
  id: Generated<number>;
  user_id: number;
  last_message_at: TimestampDefault;
  created_at: TimestampDefault;
}

/** A message of the support chat (0017): plain text and/or an upload url. */
export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender: 'user' | 'staff';
  admin_id: number | null;
  client_id: string;
  body: Generated<string>;
  image: string | null;
  read_at: Date | null;
  created_at: TimestampDefault;
}

/** Mining products staff configure (0018); retired by enabled = false, never deleted. */
export interface FundsTable {
  id: Generated<number>;
  title: string;
  image: Generated<string>;
  currency_code: Generated<string>;
  dividend_percentage: Numeric;
  staring_sub_amount: Numeric;
  max_sub_amount: Numeric;
  lock_dividend_days: number;
  liquidated_damages: Numeric;
  desc: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

/** A user's subscription to a fund (0018); the terms are copied when it is bought. */
export interface FundSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  fund_id: number;
  account_id: number;
  is_demo: boolean;
  /** 1 in progress, 2 refunding, 3 refunded, 4 finished. */
  status: Generated<number>;
  share_amount: Numeric;
  dividend_percentage: Numeric;
  lock_dividend_days: number;
  liquidated_damages: Numeric;
  day_profit: Numeric;
  sum_profit: NumericDefault;
  paid_days: Generated<number>;
  sub_time: Timestamp;
  /** When the next income is due; null once every income is paid or the subscription was refunded. */
  next_due_at: NullableTimestamp;
  hold_transaction_id: string;
  settle_transaction_id: string | null;
  refund_applied_at: NullableTimestamp;
  reviewed_at: NullableTimestamp;
  reviewed_by: number | null;
  remark: Generated<string>;
  finished_at: NullableTimestamp;
}

/** One daily income of a subscription (0018): unique per (subscription, day). */
export interface FundIncomesTable {
  id: Generated<string>;
  subscription_id: number;
  day: number;
  interest: Numeric;
  due_at: Timestamp;
  created_at: TimestampDefault;
}

/** A user's identity check for loans (0019): 1 waiting, 2 approved, 3 rejected (resubmitted in place). */
export interface LoanKycTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  last_name: string;
  sex: number;
  /** yyyy-mm-dd */
  birthday: string;
  country: string;
  mobile: string;
  id_card_type: number;
  hand_upload_id: number;
  signature_upload_id: number;
  status: Generated<number>;
  remark: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: NullableTimestamp;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

/** The loan terms staff offer (0019); rates are daily fractions. */
export interface LoanConfigsTable {
  id: Generated<number>;
  loan_period: number;
  min_amount: Numeric;
  max_amount: Numeric;
  interest_rate: Numeric;
  free_period: Generated<number>;
  penalty_rate: Numeric;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: TimestampDefault;
}

/** A loan (0019): 1 waiting, 2 to repay, 3 rejected, 4 repayment under review, 5 repaid; with the signature's evidence. */
export interface LoansTable {
  id: Generated<number>;
  user_id: number;
  config_id: number;
  amount: Numeric;
  loan_period: number;
  free_period: number;
  interest_rate: Numeric;
  penalty_rate: Numeric;
  interest_amount: Numeric;
  penalty_amount: NumericDefault;
  penalty_days: Generated<number>;
  status: Generated<number>;
  remark: Generated<string>;
  agreement_version: string;
  agreement_language: string;
  agreement_text: string;
  agreement_hash: string;
  sign_upload_id: number;
  signed_at: Timestamp;
  signed_ip: string;
  signed_user_agent: string;
  reviewed_by: number | null;
  reviewed_at: NullableTimestamp;
  due_at: NullableTimestamp;
  /** 0 the funding balance, else the collection account (bank_accounts.id) paid to. */
  repay_channel: number | null;
  repay_upload_id: number | null;
  repay_amount: ColumnType<string | null, string | null | undefined, string | null>;
  repay_submitted_at: NullableTimestamp;
  repaid_at: NullableTimestamp;
  created_at: TimestampDefault;
}

/** Copy trading (0021): see the migration for what each table is for. */
export interface TraderApplicationsTable {
  id: Generated<number>;
  user_id: number;
  /** 0 waiting, 1 approved, 2 rejected. */
  status: Generated<number>;
  remark: Generated<string>;
  reviewed_by: number | null;
  created_at: TimestampDefault;
  decided_at: NullableTimestamp;
}

export interface FollowSettingsTable {
  follower_id: number;
  trader_id: number;
  multiple: Numeric;
  max_amount: Numeric;
  auto_follow: Generated<boolean>;
  active: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface FollowReplicationsTable {
  trader_order_id: number;
  trader_id: number;
  stop_loss: Numeric;
  take_profit: Numeric;
  copies: Generated<number>;
  skipped: Generated<number>;
  replicated_at: TimestampDefault;
}

export interface FollowCopiesTable {
  trader_order_id: number;
  follower_id: number;
  trader_id: number;
  copy_order_id: number | null;
  skip_reason: string | null;
  detached: Generated<boolean>;
  profit_share: NumericDefault;
  created_at: TimestampDefault;
  /** Closed by its trader's close, not by the follower (0023). */
  closed_by_trader: Generated<boolean>;
}

export interface FollowTraderStatsTable {
  trader_id: number;
  three_week_rate: NumericDefault;
  three_week_win: NumericDefault;
  three_week_profit: NumericDefault;
  three_week_trades: Generated<number>;
  total_rate: NumericDefault;
  total_win: NumericDefault;
  total_profit: NumericDefault;
  total_trades: Generated<number>;
  max_drawdown: NumericDefault;
  avg_holding_seconds: Generated<number>;
  equity_curve: ColumnType<unknown, string | undefined, string>;
  updated_at: TimestampDefault;
}

/** One published root per symbol per minute over a run of hashed ticks (0022). */
export interface FairTickBlocksTable {
  symbol_id: number;
  first_seq: ColumnType<string, string | number, never>;
  last_seq: ColumnType<string, string | number, never>;
  minute: Timestamp;
  tick_count: number;
  merkle_root: Buffer;
  prev_root: Buffer;
  root: Buffer;
  published_at: TimestampDefault;
}

/** A closed order's receipt, kept once its ticks were published (0022). */
export interface FairReceiptsTable {
  kind: 'option' | 'contract';
  order_id: ColumnType<string, string | number, never>;
  user_id: number;
  body: ColumnType<unknown, string, never>;
  created_at: TimestampDefault;
}

/** The daily proof of liabilities (0022). */
export interface FairLiabilityRootsTable {
  day: ColumnType<string, string, never>;
  root: Buffer;
  total: Numeric;
  users: number;
  published_at: TimestampDefault;
}

export interface FairLiabilityLeavesTable {
  day: ColumnType<string, string, never>;
  user_id: number;
  position: number;
  balance: Numeric;
  nonce: string;
  path: ColumnType<unknown, string, never>;
}

/** Who leads the engine and until when (0029): renewed by the leader, taken over once expired. */
export interface EngineLeaseTable {
  id: number;
  epoch: ColumnType<string, string | number, string | number>;
  holder: string;
  expires_at: Timestamp;
  acquired_at: Timestamp | null;
}

/** The epoch every engine write must carry (0029): raised at takeover, checked by a trigger. */
export interface EngineFenceTable {
  id: number;
  epoch: ColumnType<string, string | number, string | number>;
}
