import { endpoints } from '@tp/contracts';
import { defineQueue } from '../queue-definition';
import { queuePage } from '../queue-page';

/** Users asking to become copy-trading traders: their own closed contract orders help decide. Approval moves no money. */
export const traderApplicationsQueue = defineQueue({
  key: 'trader_applications',
  list: endpoints.follow.adminApplications,
  approve: endpoints.follow.approveApplication,
  reject: endpoints.follow.rejectApplication,
  approveTakesNote: true,
  // trader_applications.status: waiting 0, approved 1, rejected 2.
  statuses: [
    { value: 0, key: 'waiting' },
    { value: 1, key: 'approved' },
    { value: 2, key: 'rejected' },
  ],
  columns: [
    { key: 'id', value: (a) => a.id },
    { key: 'user', value: (a) => a.user.email ?? a.user.uid },
    { key: 'closed_orders', value: (a) => a.closed_orders },
    { key: 'total_profit', value: (a) => a.total_profit },
    { key: 'created_at', value: (a) => a.created_at },
  ],
  detailFields: [
    { key: 'id', value: (a) => a.id },
    { key: 'user', value: (a) => a.user.email ?? '' },
    { key: 'uid', value: (a) => a.user.uid },
    { key: 'closed_orders', value: (a) => a.closed_orders },
    { key: 'total_profit', value: (a) => a.total_profit },
    { key: 'remark', value: (a) => a.remark },
    { key: 'created_at', value: (a) => a.created_at },
    { key: 'decided_at', value: (a) => a.decided_at },
  ],
  imageFields: [],
});

export default queuePage(traderApplicationsQueue);
