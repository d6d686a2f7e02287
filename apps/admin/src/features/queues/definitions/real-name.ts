import { endpoints, REAL_NAME_STATUS } from '@tp/contracts';
import { defineQueue } from '../queue-definition';
import { queuePage } from '../queue-page';

/** Real-name submissions waiting for a reviewer: name, id type and number, both photos of the id. */
export const realNameQueue = defineQueue({
  key: 'real_name',
  list: endpoints.realName.adminList,
  approve: endpoints.realName.approve,
  reject: endpoints.realName.reject,
  approveTakesNote: true,
  statuses: [
    { value: REAL_NAME_STATUS.waiting, key: 'waiting' },
    { value: REAL_NAME_STATUS.approved, key: 'approved' },
    { value: REAL_NAME_STATUS.rejected, key: 'rejected' },
  ],
  columns: [
    { key: 'id', value: (d) => d.id },
    { key: 'user', value: (d) => d.user.email ?? d.user.uid },
    { key: 'name', value: (d) => d.name, wrap: true },
    { key: 'id_card_type', value: (d, t) => t(`real_name.types.${d.id_card_type}`) },
    { key: 'card_id', value: (d) => d.card_id },
    { key: 'created_at', value: (d) => d.created_at },
  ],
  detailFields: [
    { key: 'id', value: (d) => d.id },
    { key: 'user', value: (d) => d.user.email ?? '' },
    { key: 'uid', value: (d) => d.user.uid },
    { key: 'name', value: (d) => d.name },
    { key: 'id_card_type', value: (d, t) => t(`real_name.types.${d.id_card_type}`) },
    { key: 'card_id', value: (d) => d.card_id },
    { key: 'remark', value: (d) => d.remark },
    { key: 'created_at', value: (d) => d.created_at },
    { key: 'reviewed_at', value: (d) => d.reviewed_at },
    { key: 'reviewed_by', value: (d) => d.reviewed_by, staff: true },
  ],
  imageFields: [
    { key: 'front_pic', path: (d) => d.front_pic },
    { key: 'reverse_pic', path: (d) => d.reverse_pic },
  ],
});

export default queuePage(realNameQueue);
