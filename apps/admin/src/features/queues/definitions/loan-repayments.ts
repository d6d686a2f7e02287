import { endpoints } from '@tp/contracts';
import { formatAmount } from '../../../lib/format';
import { defineQueue } from '../queue-definition';
import { queuePage } from '../queue-page';
import { LOAN_DETAIL, repayChannel } from './loans';

/** Repayments by proof: confirming closes the loan's receivable, rejecting returns it to "to repay". */
export const loanRepaymentsQueue = defineQueue({
  key: 'loan_repayments',
  list: endpoints.adminLoans.repayments,
  approve: endpoints.adminLoans.confirmRepayment,
  reject: endpoints.adminLoans.rejectRepayment,
  approveTakesNote: true,
  statuses: [
    { value: 4, key: 'waiting' },
    { value: 5, key: 'repaid' },
    { value: 2, key: 'to_repay' },
  ],
  columns: [
    { key: 'id', value: (l) => l.id },
    { key: 'user', value: (l) => l.user.email ?? l.user.uid },
    { key: 'repay_amount', value: (l) => (l.repay_amount ? formatAmount(l.repay_amount, 'USDT') : '') },
    { key: 'repay_channel', value: (l, t) => repayChannel(l, t), wrap: true },
    { key: 'repay_submitted_at', value: (l) => l.repay_submitted_at },
  ],
  detailFields: LOAN_DETAIL,
  imageFields: [
    { key: 'repay_proof', path: (l) => l.repay_proof },
    { key: 'sign', path: (l) => l.sign },
  ],
  fileFields: [{ key: 'pdf', path: (l) => l.pdf_url }],
});

export default queuePage(loanRepaymentsQueue);
