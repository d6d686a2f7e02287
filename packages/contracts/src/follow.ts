import { z } from 'zod';
import { ignoredT, pageQuery, pagedSchema } from './envelope.js';
import { idField as id, intField, optionalInt, intIn } from './form-fields.js';
import { boundedDecimalInput, decimalString, MAX_AMOUNT } from './money.js';
import { FOLLOW_RANK_SORTS } from './follow-constants.js';

/**
 * Copy trading on the wire (spec section 7 "Follow", decisions.md "Copy trading"). Money is a
 * decimal string; copies are forex orders with FollowType 2.
 */

const traderIdentity = {
  id: z.number().int(),
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
};

/** Figures beyond the spec's, shown on the ranking and the trader page. */
const extraStats = {
  total_win: decimalString,
  total_profit: decimalString,
  three_week_trade_num: z.number().int(),
  max_drawdown: decimalString,
  avg_holding_seconds: z.number().int(),
  follow_num: z.number().int(),
  /** Margin the trader's followers hold in open copies now. */
  follower_equity: decimalString,
};

/** A ranking row (spec "Follow leader"). `multiple`: the caller's order multiple for this trader, '0' when not following. */
export const followLeaderSchema = z.object({
  user: z.object(traderIdentity),
  multiple: decimalString,
  three_week_rate: decimalString,
  three_week_win: decimalString,
  three_week_profit: decimalString,
  total_rate: decimalString,
  total_trade_num: z.number().int(),
  /** The trader's uid. */
  code: z.string(),
  ...extraStats,
  /** 1: a sample trader the platform trades on the simulated market (decisions.md "Sample traders"). */
  is_sample: z.union([z.literal(0), z.literal(1)]),
});
export type FollowLeader = z.infer<typeof followLeaderSchema>;

export const followListQuery = z.object({
  sort: z.enum(FOLLOW_RANK_SORTS).default('rate'),
  ...ignoredT,
});
export const followListSchema = z.array(followLeaderSchema);

/** A trader card (spec "Trader"). */
export const traderSchema = z.object({
  ...traderIdentity,
  follow_num: z.number().int(),
  is_followed: z.union([z.literal(0), z.literal(1)]),
  /** All-time rate (percent). */
  profit_percent: decimalString,
  total_profit: decimalString,
  /** 1: a sample trader the platform trades on the simulated market (decisions.md "Sample traders"). */
  is_sample: z.union([z.literal(0), z.literal(1)]),
});
export type Trader = z.infer<typeof traderSchema>;
export const traderListQuery = z.object({ ...pageQuery.shape, ...ignoredT });
export const traderListSchema = pagedSchema(traderSchema);

/** A closed order of the trader as the trader page shows it: the ticks it filled and closed at. */
export const traderHistoryOrderSchema = z.object({
  Id: z.number().int(),
  ShowCode: z.string(),
  OrderType: z.number().int(),
  Quantity: decimalString,
  Price: decimalString,
  UpdatePrice: decimalString,
  FactProfits: decimalString,
  CloseType: z.number().int(),
  OpenTickSeq: z.string(),
  CloseTickSeq: z.string(),
  CreateTimeHandler: z.string(),
  CompleteTimeHandler: z.string(),
});
export type TraderHistoryOrder = z.infer<typeof traderHistoryOrderSchema>;

export const followSettingsSchema = z.object({ multiple: decimalString, max_amount: decimalString, auto_follow: z.union([z.literal(0), z.literal(1)]) });
export type FollowSettings = z.infer<typeof followSettingsSchema>;

export const traderDetailQuery = z.object({ id, ...ignoredT });
export const traderDetailSchema = z.object({
  trader: traderSchema,
  stats: followLeaderSchema,
  /** The caller's settings for this trader; null when not following (or a visitor). */
  settings: followSettingsSchema.nullable(),
  /** Daily cumulative realized profit. */
  equity_curve: z.array(z.object({ day: z.string(), equity: decimalString })),
  history: z.array(traderHistoryOrderSchema),
});
export type TraderDetail = z.infer<typeof traderDetailSchema>;

export const applyTraderSchema = z.object({ status: z.number().int() });
export type ApplyTraderState = z.infer<typeof applyTraderSchema>;

/** follow_trader: follow, or change the settings of a follow. The agreement is the form's check. */
export const followTraderInput = z.object({
  trader_id: id,
  multiple: boundedDecimalInput(2, '1000000'),
  max_amount: boundedDecimalInput(6, MAX_AMOUNT),
  auto_follow: optionalInt(intIn(0, 1)),
  ...ignoredT,
});
export type FollowTraderInput = z.infer<typeof followTraderInput>;
export const canalFollowInput = z.object({ trader_id: id, ...ignoredT });

/** A trader the caller follows (spec "Followed trader"). */
export const followedTraderSchema = z.object({
  ...traderIdentity,
  follow_num: z.number().int(),
  /** Open copies. */
  position_num: z.number().int(),
  /** All copies made. */
  total_num: z.number().int(),
  /** Margin held by open copies. */
  total_amount: decimalString,
  /** Lots held by open copies. */
  position_quantity: decimalString,
  max_amount: decimalString,
  multiple: decimalString,
  /** Realized profit of closed copies, after the share paid. */
  total_profits: decimalString,
});
export const followedTraderSchemaPage = pagedSchema(followedTraderSchema);

/** A follower of the calling trader (spec "Follower"). */
export const followerSchema = z.object({
  follow_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  /** Realized profit / margin of the follower's closed copies, percent. */
  profitability: decimalString,
  total_profits: decimalString,
  /** The share this follower paid the trader. */
  share_paid: decimalString,
});
export const myFollowerSchema = pagedSchema(followerSchema).extend({
  summary: z.object({
    /** Shares the trader earned. */
    total_profits: decimalString,
    /** Floating profit of the followers' open copies. */
    position_profits: decimalString,
    follow_num: z.number().int(),
    /** Copies made of the trader's orders. */
    total: z.number().int(),
  }),
});
export type MyFollower = z.infer<typeof myFollowerSchema>;

export const myDealFollowOrderQuery = z.object({
  ...pageQuery.shape,
  /** The trader; absent: every trader. */
  user_id: optionalInt(id),
  /** A trader lists one follower's copies. */
  follower_user_id: optionalInt(id),
  status: intField.pipe(z.union([z.literal(1), z.literal(3)])).default(1),
  ...ignoredT,
});

/** A copy (spec "Follow order"), with the trader's fill beside the copy's and the skip reason. */
export const followOrderSchema = z.object({
  /** The copy's order id; 0 for a skipped copy. */
  Id: z.number().int(),
  FollowType: z.number().int(),
  ForexTradeLists: z.object({ ShowCode: z.string(), PricePrecision: z.number().int() }),
  Status: z.number().int(),
  OriginPrice: decimalString,
  Price: decimalString,
  UpdatePrice: decimalString,
  OrderType: z.number().int(),
  Quantity: decimalString,
  CreateTimeHandler: z.string(),
  FactProfits: decimalString,
  CloseType: z.number().int(),
  TraderOrderId: z.number().int(),
  TraderUserId: z.number().int(),
  TraderNickname: z.string(),
  FollowerUserId: z.number().int(),
  TraderPrice: decimalString,
  TraderQuantity: decimalString,
  TraderOpenTickSeq: z.string(),
  OpenTickSeq: z.string(),
  CloseTickSeq: z.string(),
  TraderCloseTickSeq: z.string(),
  SkipReason: z.string(),
  ProfitShare: decimalString,
  /** 1: the follower unfollowed while it was open; it no longer follows the trader's close. */
  Detached: z.union([z.literal(0), z.literal(1)]),
});
export type FollowOrder = z.infer<typeof followOrderSchema>;
export const myDealFollowOrderSchema = pagedSchema(followOrderSchema);

/** Websocket `FOREX_FOLLOW_TRADE`: a copy opened, changed or closed (to the follower and the trader). */
export const forexFollowTradePushSchema = z.object({
  user_id: z.number().int(),
  follower_id: z.number().int(),
  TransOrder: z.array(z.object({ Id: z.number().int(), UpdatePrice: decimalString, FactProfits: decimalString, Status: z.number().int() })),
});
export type ForexFollowTradePush = z.infer<typeof forexFollowTradePushSchema>;

/** The console's trader-applications queue. */
export const adminTraderApplicationSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  user: z.object({ id: z.number().int(), uid: z.string(), email: z.string().nullable() }),
  closed_orders: z.number().int(),
  total_profit: decimalString,
});
export const adminTraderApplicationPageSchema = pagedSchema(adminTraderApplicationSchema);
