import {
  FOLLOW_MAX_AMOUNT_RANGE,
  FOLLOW_MULTIPLE_RANGE,
  FOLLOW_PAGE_SIZE,
  FOLLOW_TYPE_COPY,
  TRADER_APPLICATION_STATUS,
  type FollowLeader,
  type FollowOrder,
  type FollowRankSort,
  type FollowSettings,
  type FollowTraderInput,
  type MyFollower,
  type Trader,
  type TraderDetail,
} from '@tp/contracts';
import { Decimal, FOREX_MONEY_PLACES, traderNickname } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { wireDateTime } from '../../lib/time.js';
import { orderDtos, wirePrice, type OrderRow } from '../forex/index.js';
import * as repo from './follow.repository.js';

/** The follow endpoints (spec section 7, decisions.md "Copy trading"). Reads never compute statistics. */

const money = (v: string | Decimal | null | undefined) => new Decimal(v ?? 0).toFixed(FOREX_MONEY_PLACES);
const two = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed(2);

/** A trader's public name (packages/domain traderNickname). */
export const nickname = traderNickname;

function identity(r: { user_id: number; uid: string; email: string | null }) {
  return { id: r.user_id, user_id: r.user_id, nickname: nickname(r.uid, r.email), avatar: '' };
}

function leader(r: repo.TraderRow): FollowLeader {
  return {
    user: identity(r),
    multiple: r.my_multiple === null ? '0' : new Decimal(r.my_multiple).toFixed(),
    three_week_rate: two(r.three_week_rate),
    three_week_win: two(r.three_week_win),
    three_week_profit: two(r.three_week_profit),
    total_rate: two(r.total_rate),
    total_trade_num: r.total_trades ?? 0,
    code: r.uid,
    total_win: two(r.total_win),
    total_profit: two(r.total_profit),
    three_week_trade_num: r.three_week_trades ?? 0,
    max_drawdown: two(r.max_drawdown),
    avg_holding_seconds: r.avg_holding_seconds ?? 0,
    follow_num: r.follow_num,
    follower_equity: two(r.follower_equity),
    is_sample: r.is_sample ? 1 : 0,
  };
}

function card(r: repo.TraderRow): Trader {
  return { ...identity(r), follow_num: r.follow_num, is_followed: r.my_multiple === null ? 0 : 1, profit_percent: two(r.total_rate), total_profit: two(r.total_profit), is_sample: r.is_sample ? 1 : 0 };
}

/** The ranking: the first 100 traders by the chosen figure. */
export async function ranking(db: Executor, viewerId: number, sort: FollowRankSort): Promise<FollowLeader[]> {
  return (await repo.traders(db, { viewerId, sort, limit: 100, offset: 0 })).map(leader);
}

export async function traderList(db: Executor, viewerId: number, page: number) {
  const [rows, total] = await Promise.all([repo.traders(db, { viewerId, sort: 'followers', limit: FOLLOW_PAGE_SIZE, offset: (page - 1) * FOLLOW_PAGE_SIZE }), repo.countTraders(db)]);
  return { data: rows.map(card), total, current_page: page, last_page: Math.max(1, Math.ceil(total / FOLLOW_PAGE_SIZE)), per_page: FOLLOW_PAGE_SIZE };
}

function settingsOf(r: { my_multiple: string | null; my_max_amount: string | null; my_auto_follow: boolean | null }): FollowSettings | null {
  if (r.my_multiple === null) return null;
  return { multiple: new Decimal(r.my_multiple).toFixed(), max_amount: new Decimal(r.my_max_amount ?? 0).toFixed(), auto_follow: r.my_auto_follow ? 1 : 0 };
}

export async function traderDetail(db: Executor, viewerId: number, traderId: number): Promise<TraderDetail> {
  const [row] = await repo.traders(db, { viewerId, sort: 'rate', limit: 1, offset: 0, userId: traderId });
  if (!row || !row.is_trader || row.is_demo) refuse('follow_trader_unknown');
  const history = await repo.traderHistory(db, traderId, 50);
  const curve = Array.isArray(row.equity_curve) ? (row.equity_curve as { day: string; equity: string }[]) : [];
  return {
    trader: card(row),
    stats: leader(row),
    settings: settingsOf(row),
    equity_curve: curve,
    history: history.map((h) => ({
      Id: h.id,
      ShowCode: h.show_code,
      OrderType: h.order_type,
      Quantity: new Decimal(h.quantity).toFixed(),
      Price: wirePrice(h.price, h.price_precision),
      UpdatePrice: wirePrice(h.update_price ?? h.price, h.price_precision),
      FactProfits: money(h.fact_profits),
      CloseType: h.close_type ?? 0,
      OpenTickSeq: h.open_tick_seq ?? '',
      CloseTickSeq: h.close_tick_seq ?? '',
      CreateTimeHandler: wireDateTime(h.created_at),
      CompleteTimeHandler: h.closed_at ? wireDateTime(h.closed_at) : '',
    })),
  };
}

export async function applicationState(db: Executor, userId: number): Promise<{ status: number }> {
  const user = await repo.findUser(db, userId);
  if (user?.is_trader) return { status: TRADER_APPLICATION_STATUS.approved };
  const app = await repo.latestApplication(db, userId);
  return { status: app ? app.status : TRADER_APPLICATION_STATUS.none };
}

export async function applyTrader(trx: Executor, userId: number, now: Date): Promise<{ status: number }> {
  const user = await repo.findUser(trx, userId);
  if (!user) refuse('not_found');
  if (user.is_trader) refuse('already_trader');
  const id = await repo.insertApplication(trx, userId, now);
  if (id === undefined) refuse('trader_application_waiting');
  return { status: TRADER_APPLICATION_STATUS.waiting };
}

/** The trader a user may follow: not themself, an existing real trader. */
async function followable(db: Executor, userId: number, traderId: number) {
  if (traderId === userId) refuse('follow_self');
  const trader = await repo.findUser(db, traderId);
  if (!trader) refuse('follow_trader_unknown');
  if (trader.is_demo) refuse('follow_trader_demo');
  if (!trader.is_trader) refuse('follow_trader_unknown');
  return trader;
}

function inRange(value: string, range: { min: string; max: string }): boolean {
  const v = new Decimal(value);
  return v.gte(range.min) && v.lte(range.max);
}

export async function followTrader(trx: Executor, userId: number, input: FollowTraderInput, now: Date): Promise<FollowSettings> {
  await followable(trx, userId, input.trader_id);
  if (!inRange(input.multiple, FOLLOW_MULTIPLE_RANGE)) refuse('follow_multiple_range', { ...FOLLOW_MULTIPLE_RANGE });
  if (!inRange(input.max_amount, FOLLOW_MAX_AMOUNT_RANGE)) refuse('follow_max_amount_range', { ...FOLLOW_MAX_AMOUNT_RANGE });
  const row = await repo.upsertSettings(trx, userId, input.trader_id, { multiple: input.multiple, maxAmount: input.max_amount, autoFollow: input.auto_follow !== 0 }, now);
  return { multiple: new Decimal(row.multiple).toFixed(), max_amount: new Decimal(row.max_amount).toFixed(), auto_follow: row.auto_follow ? 1 : 0 };
}

export async function cancelFollow(trx: Executor, userId: number, traderId: number, now: Date): Promise<void> {
  if (traderId === userId) refuse('follow_self');
  if (!(await repo.deactivate(trx, userId, traderId, now))) refuse('follow_not_following');
}

export async function followedTraders(db: Executor, userId: number, page: number) {
  const { rows, total } = await repo.followedTraders(db, userId, FOLLOW_PAGE_SIZE, (page - 1) * FOLLOW_PAGE_SIZE);
  return {
    data: rows.map((r) => ({
      ...identity({ user_id: r.trader_id, uid: r.uid, email: r.email }),
      follow_num: r.follow_num,
      position_num: r.position_num,
      total_num: r.total_num,
      total_amount: money(r.total_amount),
      position_quantity: new Decimal(r.position_quantity).toFixed(),
      max_amount: new Decimal(r.max_amount).toFixed(),
      multiple: new Decimal(r.multiple).toFixed(),
      total_profits: money(r.total_profits),
    })),
    total,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / FOLLOW_PAGE_SIZE)),
    per_page: FOLLOW_PAGE_SIZE,
  };
}

export async function myFollowers(db: Executor, traderId: number, page: number): Promise<MyFollower> {
  const [rows, summary, openIds] = await Promise.all([
    repo.followersOf(db, traderId, FOLLOW_PAGE_SIZE, (page - 1) * FOLLOW_PAGE_SIZE),
    repo.traderSummary(db, traderId),
    repo.openCopyIdsOfTrader(db, traderId),
  ]);
  let floating = new Decimal(0);
  if (openIds.length > 0) {
    const open = await db.selectFrom('forex_orders').selectAll().where('id', 'in', openIds).execute();
    for (const o of await orderDtos(db, open as OrderRow[])) floating = floating.plus(o.FactProfits);
  }
  return {
    data: rows.map((r) => ({
      follow_id: r.follower_id,
      nickname: nickname(r.uid, r.email),
      avatar: '',
      profitability: new Decimal(r.margin).gt(0) ? new Decimal(r.profit).div(r.margin).times(100).toFixed(2) : '0.00',
      total_profits: money(r.profit),
      share_paid: money(r.share_paid),
    })),
    total: summary.follow_num,
    current_page: page,
    last_page: Math.max(1, Math.ceil(summary.follow_num / FOLLOW_PAGE_SIZE)),
    per_page: FOLLOW_PAGE_SIZE,
    summary: { total_profits: money(summary.shares), position_profits: money(floating), follow_num: summary.follow_num, total: summary.total },
  };
}

/**
 * Copies: by default the caller's own; with follower_user_id, the copies that follower made of the
 * caller's orders (a trader sees their followers' copies, nobody else's).
 */
export async function followOrders(
  db: Executor,
  userId: number,
  q: { page: number; user_id?: number | undefined; follower_user_id?: number | undefined; status: 1 | 3 },
) {
  // A trader naming themself as user_id sees the copies of all their followers (decisions.md,
  // Copy trading); with follower_user_id, one follower's. Otherwise the caller's own copies.
  const filter: repo.CopyFilter =
    q.follower_user_id !== undefined
      ? { followerId: q.follower_user_id, traderId: userId, status: q.status }
      : q.user_id === userId
        ? { traderId: userId, status: q.status }
        : { followerId: userId, traderId: q.user_id, status: q.status };
  // A trader asking for a follower's copies of another trader: nothing of theirs to see.
  if (q.follower_user_id !== undefined && q.user_id !== undefined && q.user_id !== userId) return emptyPage(q.page);
  const { rows, total } = await repo.listCopies(db, filter, FOLLOW_PAGE_SIZE, (q.page - 1) * FOLLOW_PAGE_SIZE);
  const copyIds = rows.map((r) => r.copy_id).filter((id): id is number => id !== null);
  const copies = copyIds.length > 0 ? await db.selectFrom('forex_orders').selectAll().where('id', 'in', copyIds).execute() : [];
  const dtos = new Map((await orderDtos(db, copies as OrderRow[])).map((d) => [d.Id, d]));
  const data: FollowOrder[] = rows.map((r) => {
    const d = r.copy_id !== null ? dtos.get(r.copy_id) : undefined;
    const p = r.price_precision;
    const c = copies.find((x) => x.id === r.copy_id);
    return {
      Id: r.copy_id ?? 0,
      FollowType: FOLLOW_TYPE_COPY,
      ForexTradeLists: { ShowCode: r.show_code, PricePrecision: p },
      Status: d?.Status ?? 3,
      OriginPrice: d?.OriginPrice ?? wirePrice(r.t_origin_price, p),
      Price: d?.Price ?? wirePrice(r.t_price, p),
      UpdatePrice: d?.UpdatePrice ?? wirePrice(r.t_price, p),
      OrderType: d?.OrderType ?? r.t_order_type,
      Quantity: d?.Quantity ?? '0',
      CreateTimeHandler: wireDateTime(r.created_at),
      FactProfits: d?.FactProfits ?? money('0'),
      CloseType: d?.CloseType ?? 0,
      TraderOrderId: r.trader_order_id,
      TraderUserId: r.trader_id,
      TraderNickname: nickname(r.trader_uid, r.trader_email),
      FollowerUserId: r.follower_id,
      TraderPrice: wirePrice(r.t_price, p),
      TraderQuantity: new Decimal(r.t_quantity).toFixed(),
      TraderOpenTickSeq: r.t_open_tick_seq ?? '',
      OpenTickSeq: c?.open_tick_seq ?? '',
      CloseTickSeq: c?.close_tick_seq ?? '',
      TraderCloseTickSeq: r.t_close_tick_seq ?? '',
      SkipReason: r.skip_reason ?? '',
      ProfitShare: money(r.profit_share),
      Detached: r.detached ? 1 : 0,
    };
  });
  return { data, total, current_page: q.page, last_page: Math.max(1, Math.ceil(total / FOLLOW_PAGE_SIZE)), per_page: FOLLOW_PAGE_SIZE };
}

function emptyPage(page: number) {
  return { data: [], total: 0, current_page: page, last_page: 1, per_page: FOLLOW_PAGE_SIZE };
}
