import { z } from 'zod';
import { Decimal } from 'decimal.js';
import { boundedDecimalInput, decimalString, MAX_PRICE, wireDateTime } from './money.js';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField, intField, optionalInt, intIn } from './form-fields.js';

/** Price alerts (decisions.md "Notifications and price alerts"): above or below a price, fired once. */

export const ALERT_DIRECTION = { above: 1, below: 2 } as const;
export type AlertDirection = (typeof ALERT_DIRECTION)[keyof typeof ALERT_DIRECTION];
export const ALERT_STATUS = { waiting: 1, fired: 2, cancelled: 3 } as const;
export type AlertStatus = (typeof ALERT_STATUS)[keyof typeof ALERT_STATUS];
/** At most this many waiting alerts per user (decisions.md). */
export const MAX_WAITING_ALERTS = 50;

/** A positive price with at most 10 places, at most MAX_PRICE. */
const alertPrice = boundedDecimalInput(10, MAX_PRICE).refine((v) => /^\d+(\.\d+)?$/.test(v) && new Decimal(v).gt(0), 'price');

export const alertCreateInput = z.object({
  forex_id: idField,
  direction: intField.pipe(z.union([z.literal(ALERT_DIRECTION.above), z.literal(ALERT_DIRECTION.below)])),
  price: alertPrice,
  ...ignoredT,
});
export type AlertCreateInput = z.input<typeof alertCreateInput>;

export const alertListQuery = z.object({
  ...pageQuery.shape,
  /** Absent: every status, waiting first. */
  status: optionalInt(intIn(1, 3)),
  /** Only this symbol's alerts (the trade screen's sheet). */
  forex_id: optionalInt(idField),
  ...ignoredT,
});
export type AlertListQuery = z.input<typeof alertListQuery>;

export const alertCancelInput = z.object({ id: idField, ...ignoredT });

export const priceAlertSchema = z.object({
  id: z.number().int(),
  forex_id: z.number().int(),
  /** The symbol's code and display name, so a list needs no second read. */
  code: z.string(),
  show_code: z.string(),
  direction: z.number().int(),
  price: decimalString,
  status: z.number().int(),
  created_at: wireDateTime,
  /** When it fired, at which stored price; null while waiting or once cancelled. */
  fired_at: wireDateTime.nullable(),
  fired_price: decimalString.nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const priceAlertPageSchema = pagedSchema(priceAlertSchema);
