import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueueStatus } from './queue-definition';

const COLORS: Record<QueueStatus['key'], string> = { waiting: 'gold', approved: 'green', rejected: 'red', invalid: 'default', to_repay: 'blue', repayment_review: 'orange', repaid: 'green' };

/** An item's status by the queue's own numbering. */
export function StatusTag({ status, statuses }: { status: number; statuses: readonly QueueStatus[] }) {
  const { t } = useTranslation('queues');
  const known = statuses.find((s) => s.value === status);
  return <Tag color={known ? COLORS[known.key] : 'default'} data-testid="queue-status">{known ? t(`status.${known.key}`) : status}</Tag>;
}
