import { DRAW_TYPES, endpoints, type AdminWithdrawal } from '@tp/contracts';
import { formatAmount } from '../../../lib/format';
import { defineQueue } from '../queue-definition';
import { queuePage } from '../queue-page';

/** A withdrawal to a bank account; the others go to a crypto address and have no bank rows. */
const isBank = (w: AdminWithdrawal) => w.type === DRAW_TYPES.bank;

/** Withdrawals waiting for a reviewer: approving says the money was paid out to the method shown. */
export const withdrawalsQueue = defineQueue({
  key: 'withdrawals',
  list: endpoints.admin.withdrawals,
  approve: endpoints.admin.approveWithdrawal,
  reject: endpoints.admin.rejectWithdrawal,
  approveTakesNote: true,
  // WITHDRAWAL_STATUS: pending 0, paid 1, rejected 2.
  statuses: [
    { value: 0, key: 'waiting' },
    { value: 1, key: 'approved' },
    { value: 2, key: 'rejected' },
  ],
  columns: [
    { key: 'id', value: (w) => w.id },
    { key: 'user', value: (w) => w.user.email ?? w.user.uid },
    { key: 'amount', value: (w) => formatAmount(w.number, w.draw_currency.code) },
    { key: 'real_number', value: (w) => formatAmount(w.real_number, w.draw_currency.code) },
    { key: 'destination', value: (w) => (w.type === DRAW_TYPES.coin ? w.method.dc_address : `${w.method.bank_name} ${w.method.payee_account}`), wrap: true },
    { key: 'created_at', value: (w) => w.created_at },
  ],
  detailFields: [
    { key: 'id', value: (w) => w.id },
    { key: 'user', value: (w) => w.user.email ?? '' },
    { key: 'uid', value: (w) => w.user.uid },
    { key: 'amount', value: (w) => formatAmount(w.number, w.draw_currency.code) },
    { key: 'fee', value: (w) => formatAmount(w.fee, w.draw_currency.code) },
    { key: 'real_number', value: (w) => formatAmount(w.real_number, w.draw_currency.code) },
    { key: 'type', value: (w, t) => t(w.type === DRAW_TYPES.coin ? 'withdrawals.types.coin' : 'withdrawals.types.bank') },
    { key: 'protocol', value: (w) => w.draw_currency.protocol, when: (w) => !isBank(w) },
    { key: 'dc_address', value: (w) => w.method.dc_address, when: (w) => !isBank(w) },
    { key: 'payee_name', value: (w) => w.method.payee_name, when: isBank },
    { key: 'payee_account', value: (w) => w.method.payee_account, when: isBank },
    { key: 'bank_name', value: (w) => w.method.bank_name, when: isBank },
    { key: 'bank_address', value: (w) => w.method.bank_address, when: isBank },
    { key: 'bank_swift', value: (w) => w.method.bank_swift, when: isBank },
    { key: 'bank_branch', value: (w) => w.method.bank_branch, when: isBank },
    { key: 'beneficiary_currency', value: (w) => w.method.beneficiary_currency, when: isBank },
    { key: 'notes', value: (w) => w.notes },
    { key: 'remark', value: (w) => w.remark },
    { key: 'created_at', value: (w) => w.created_at },
    { key: 'reviewed_at', value: (w) => w.reviewed_at },
    { key: 'reviewed_by', value: (w) => w.reviewed_by, staff: true },
  ],
  imageFields: [],
});

export default queuePage(withdrawalsQueue);
