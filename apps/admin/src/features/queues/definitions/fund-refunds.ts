import { endpoints } from '@tp/contracts';
import { formatAmount } from '../../../lib/format';
import { defineQueue } from '../queue-definition';
import { queuePage } from '../queue-page';

const USDT = 'USDT';

/**
 * Early redemptions of mining funds: approving returns the held amount less the charge shown
 * (the fund's rate, kept by the house); rejecting leaves the subscription running.
 */
export const fundRefundsQueue = defineQueue({
  key: 'fund_refunds',
  list: endpoints.funds.refunds,
  approve: endpoints.funds.approveRefund,
  reject: endpoints.funds.rejectRefund,
  approveTakesNote: true,
  // FUND_SUB_STATUS of a subscription whose redemption was asked: 2 waiting, 3 refunded, back to 1
  // when rejected; 4 when the term ended first (the request lapsed, shown as invalid).
  statuses: [
    { value: 2, key: 'waiting' },
    { value: 3, key: 'approved' },
    { value: 1, key: 'rejected' },
    { value: 4, key: 'invalid' },
  ],
  columns: [
    { key: 'id', value: (s) => s.id },
    { key: 'user', value: (s) => s.user.email ?? s.user.uid },
    { key: 'fund', value: (s) => s.fund_title, wrap: true },
    { key: 'amount', value: (s) => formatAmount(s.share_amount, USDT) },
    { key: 'penalty', value: (s) => formatAmount(s.penalty, USDT) },
    { key: 'refund', value: (s) => formatAmount(s.refund, USDT) },
    { key: 'applied_at', value: (s) => s.refund_applied_at },
  ],
  detailFields: [
    { key: 'id', value: (s) => s.id },
    { key: 'user', value: (s) => s.user.email ?? '' },
    { key: 'uid', value: (s) => s.user.uid },
    { key: 'fund', value: (s) => s.fund_title },
    { key: 'amount', value: (s) => formatAmount(s.share_amount, USDT) },
    { key: 'rate', value: (s) => s.liquidated_damages },
    { key: 'penalty', value: (s) => formatAmount(s.penalty, USDT) },
    { key: 'refund', value: (s) => formatAmount(s.refund, USDT) },
    { key: 'days', value: (s) => `${s.paid_days}/${s.lock_dividend_days}` },
    { key: 'sum_profit', value: (s) => formatAmount(s.sum_profit, USDT) },
    { key: 'sub_time', value: (s) => s.sub_time },
    { key: 'applied_at', value: (s) => s.refund_applied_at },
    { key: 'remark', value: (s) => s.remark },
    { key: 'reviewed_at', value: (s) => s.reviewed_at },
    { key: 'reviewed_by', value: (s) => s.reviewed_by, staff: true },
  ],
  imageFields: [],
});

export default queuePage(fundRefundsQueue);
