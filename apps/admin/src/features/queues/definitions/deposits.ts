import { CHARGE_TYPES, endpoints } from '@tp/contracts';
import { formatAmount } from '../../../lib/format';
import { defineQueue } from '../queue-definition';
import { queuePage } from '../queue-page';

/** Deposits waiting for a reviewer: the user's transfer and its proof image. */
export const depositsQueue = defineQueue({
  key: 'deposits',
  list: endpoints.admin.deposits,
  approve: endpoints.admin.approveDeposit,
  reject: endpoints.admin.rejectDeposit,
  approveTakesNote: true,
  // CHARGE_STATUS: unchecked 0, finished 1, rejected 2, invalid 3.
  statuses: [
    { value: 0, key: 'waiting' },
    { value: 1, key: 'approved' },
    { value: 2, key: 'rejected' },
    { value: 3, key: 'invalid' },
  ],
  columns: [
    { key: 'id', value: (d) => d.id },
    { key: 'user', value: (d) => d.user.email ?? d.user.uid },
    { key: 'amount', value: (d) => formatAmount(d.number, d.currency_code) },
    { key: 'channel', value: (d) => d.channel, wrap: true },
    { key: 'created_at', value: (d) => d.created_at },
  ],
  detailFields: [
    { key: 'id', value: (d) => d.id },
    { key: 'user', value: (d) => d.user.email ?? '' },
    { key: 'uid', value: (d) => d.user.uid },
    { key: 'amount', value: (d) => formatAmount(d.number, d.currency_code) },
    { key: 'type', value: (d, t) => t(d.type === CHARGE_TYPES.coin ? 'deposits.types.coin' : 'deposits.types.bank') },
    { key: 'channel', value: (d) => d.channel },
    { key: 'address', value: (d) => d.address },
    { key: 'remark', value: (d) => d.remark },
    { key: 'created_at', value: (d) => d.created_at },
    { key: 'reviewed_at', value: (d) => d.reviewed_at },
    { key: 'reviewed_by', value: (d) => d.reviewed_by, staff: true },
  ],
  imageFields: [{ key: 'proof_img', path: (d) => d.proof_img }],
});

export default queuePage(depositsQueue);
