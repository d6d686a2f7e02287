import { z } from 'zod';
import { decimalString, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, optionalInt, optionalText, text } from './form-fields.js';

/** The operations pages of the admin console: the audit log, the outbox of e-mails and texts, the dashboard. */

/** A day (`2026-11-24`, from its start) or a UTC date-time (`2026-11-24 13:05:00`); blank means absent. */
const timeBound = z
  .union([z.literal('').transform(() => undefined), text.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'date-time')])
  .optional();

export const adminAuditQuery = z.object({
  /** The staff member who acted. */
  admin_id: optionalInt(idField),
  /** Exact action (`user.disable`) or its area with a dot (`user.`) for every action of it. */
  action: optionalText(80),
  /** Exact target, e.g. `user:12`. */
  target: optionalText(120),
  /** From this time on (inclusive), up to before `to` (exclusive), UTC. */
  from: timeBound,
  to: timeBound,
  ...pageQuery.shape,
  ...ignoredT,
});

export const adminAuditRowSchema = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_email: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** What the action recorded besides before and after (ip, reason, amounts). */
  detail: z.record(z.string(), z.unknown()),
  /** The record as it was and as it became, for configuration and staff changes; null otherwise. */
  before: z.unknown(),
  after: z.unknown(),
  /** The HTTP request that did it (its log line's reqId); null for work outside a request. */
  request_id: z.string().nullable(),
  created_at: wireDateTime,
});
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;
export const adminAuditPageSchema = pagedSchema(adminAuditRowSchema);

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export const adminOutboxQuery = z.object({
  channel: z.union([z.literal('').transform(() => undefined), z.enum(OUTBOX_CHANNELS)]).optional(),
  /** A part of the recipient's address or number. */
  to: optionalText(200),
  ...pageQuery.shape,
  ...ignoredT,
});

/**
 * One e-mail or text as it was sent. A verification code is shown masked: staff can see that a
 * code went out and when, but a code that is still valid must not be readable by anyone but its
 * recipient (it would open the account).
 */
export const adminOutboxRowSchema = z.object({
  channel: z.string(),
  to: z.string(),
  type: z.string(),
  text: z.string(),
  had_code: z.boolean(),
  created_at: z.string(),
});
export type AdminOutboxRow = z.infer<typeof adminOutboxRowSchema>;
export const adminOutboxPageSchema = pagedSchema(adminOutboxRowSchema);

const countAndSum = z.object({ count: z.number().int(), sum: decimalString });

/** Real money and demo (play) money are always reported apart. */
const houseDaySchema = z.object({
  /** The house side of today's ledger transactions by kind: positive is the house's gain. */
  by_kind: z.array(z.object({ kind: z.string(), amount: decimalString })),
  /** Fees taken today (the fee revenue accounts). */
  fee_revenue: decimalString,
});

export const adminDashboardSchema = z.object({
  generated_at: wireDateTime,
  users: z.object({ total: z.number().int(), new_today: z.number().int(), demo: z.number().int(), real: z.number().int() }),
  deposits_waiting: countAndSum,
  withdrawals_waiting: countAndSum,
  symbols: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      enabled: z.boolean(),
      /** `forex` symbols keep market hours: silence outside them is not a fault. */
      schedule: z.string(),
      last_price: decimalString.nullable(),
      last_tick_at: wireDateTime.nullable(),
      tick_age_ms: z.number().int().nullable(),
      /** Inside the symbol's market hours now (a closed market has no ticks to miss). */
      market_open: z.boolean(),
      /** Enabled, its market open, and silent longer than FEED_STALE_MS. */
      stale: z.boolean(),
      /** Real accounts' open positions (demo positions are play money and listed apart). */
      buy_lots: decimalString,
      sell_lots: decimalString,
      positions: z.number().int(),
      demo_positions: z.number().int(),
      /** The house's net position as notional at the last price: minus the users' (buy - sell) x contract size x price. */
      house_exposure: decimalString.nullable(),
    }),
  ),
  house_today: z.object({ real: houseDaySchema, demo: houseDaySchema }),
  engine: z.object({
    /** This server process and its part in the leader election. */
    this_node: z.object({ node: z.string(), role: z.string() }),
    /** The database connection holding the engine lock: which process runs the engine. */
    leader: z.object({ name: z.string(), client_addr: z.string().nullable(), since: wireDateTime.nullable() }).nullable(),
    /** Feeds this process runs that went silent (known only on the leader). */
    stale_feeds: z.array(z.string()),
  }),
  /** Age of the oldest internal event not yet delivered (null: none waits). */
  event_lag_ms: z.number().int().nullable(),
  jobs: z.array(
    z.object({
      name: z.string(),
      /** Read from the spacing of its last two runs; null until it has run twice. */
      period_ms: z.number().int().nullable(),
      last_period_start: wireDateTime,
      last_finished_at: wireDateTime,
      next_due_at: wireDateTime.nullable(),
      /** How long the current period has been due without its run (0 when it ran). */
      late_ms: z.number().int(),
    }),
  ),
  /**
   * Items a batch job could not settle (an option, a subscription, a close, a copy): set aside
   * with the reason while the rest of the batch went through, retried on later runs, gone once
   * settled. The most recent failures first, at most 100 of `set_aside_total`.
   */
  set_aside: z.array(
    z.object({
      job: z.string(),
      item: z.string(),
      reason: z.string(),
      attempts: z.number().int(),
      first_at: wireDateTime,
      last_at: wireDateTime,
    }),
  ),
  set_aside_total: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
