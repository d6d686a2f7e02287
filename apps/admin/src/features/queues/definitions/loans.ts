import { endpoints, type AdminLoan } from '@tp/contracts';
import { formatAmount } from '../../../lib/format';
import { defineQueue, type QueueField } from '../queue-definition';
import { queuePage } from '../queue-page';

const pct = (rate: string) => `${(Number(rate) * 100).toFixed(4).replace(/\.?0+$/, '')} %`;

/** How a loan was repaid, in words: from the balance, or by bank transfer to a named collection account. */
export function repayChannel(l: AdminLoan, t: (key: string) => string): string {
  if (l.repay_channel === null) return '';
  if (l.repay_channel === 'balance') return t('repay_channels.balance');
  return `${t('repay_channels.bank')}: ${l.repay_channel_name ?? l.repay_channel}`;
}

/** A loan's numbers and the evidence of its signature, shared by the loan and repayment queues. */
export const LOAN_DETAIL: readonly QueueField<AdminLoan>[] = [
  { key: 'id', value: (l) => l.id },
  { key: 'user', value: (l) => l.user.email ?? '' },
  { key: 'uid', value: (l) => l.user.uid },
  { key: 'amount', value: (l) => formatAmount(l.amount, 'USDT') },
  { key: 'loan_period', value: (l) => l.loan_period },
  { key: 'free_period', value: (l) => l.free_period },
  { key: 'interest_rate', value: (l) => pct(l.interest_rate) },
  { key: 'interest_amount', value: (l) => formatAmount(l.interest_amount, 'USDT') },
  { key: 'penalty_rate', value: (l) => pct(l.penalty_rate) },
  { key: 'penalty_amount', value: (l) => formatAmount(l.penalty_amount, 'USDT') },
  { key: 'amount_due', value: (l) => formatAmount(l.amount_due, 'USDT') },
  { key: 'due_date', value: (l) => l.repayment_time },
  { key: 'remark', value: (l) => l.remark },
  { key: 'created_at', value: (l) => l.created_at },
  { key: 'reviewed_at', value: (l) => l.reviewed_at },
  { key: 'repay_channel', value: (l, t) => repayChannel(l, t) },
  { key: 'repay_amount', value: (l) => (l.repay_amount ? formatAmount(l.repay_amount, 'USDT') : '') },
  { key: 'repay_submitted_at', value: (l) => l.repay_submitted_at },
  { key: 'repaid_at', value: (l) => l.repaid_at },
  { key: 'signed_at', value: (l) => l.signed_at },
  { key: 'signed_ip', value: (l) => l.signed_ip },
  { key: 'signed_user_agent', value: (l) => l.signed_user_agent },
  { key: 'agreement_language', value: (l) => l.agreement_language },
  { key: 'agreement_hash', value: (l) => l.agreement_hash },
  { key: 'agreement', value: (l) => l.agreement },
];

/** Loan applications: approval pays the principal from the house loan book. */
export const loansQueue = defineQueue({
  key: 'loans',
  list: endpoints.adminLoans.loans,
  approve: endpoints.adminLoans.approveLoan,
  reject: endpoints.adminLoans.rejectLoan,
  approveTakesNote: true,
  // LOAN_STATUS: waiting 1, to repay 2, rejected 3, repayment under review 4, repaid 5.
  statuses: [
    { value: 1, key: 'waiting' },
    { value: 2, key: 'to_repay' },
    { value: 3, key: 'rejected' },
    { value: 4, key: 'repayment_review' },
    { value: 5, key: 'repaid' },
  ],
  columns: [
    { key: 'id', value: (l) => l.id },
    { key: 'user', value: (l) => l.user.email ?? l.user.uid },
    { key: 'amount', value: (l) => formatAmount(l.amount, 'USDT') },
    { key: 'loan_period', value: (l) => l.loan_period },
    { key: 'created_at', value: (l) => l.created_at },
  ],
  detailFields: LOAN_DETAIL,
  imageFields: [{ key: 'sign', path: (l) => l.sign }],
  fileFields: [{ key: 'pdf', path: (l) => l.pdf_url }],
});

export default queuePage(loansQueue);
