import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FUND_SUB_STATUS } from '@tp/contracts';

/** A label and a value on one line (value at the end). */
export function Line({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="tp-mining-kv">
      <span className="tp-muted">{label}</span>
      <span className="tp-mining-kv-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

const STATUS_COLOR: Record<number, 'primary' | 'warning' | 'default' | 'success'> = {
  [FUND_SUB_STATUS.running]: 'primary',
  [FUND_SUB_STATUS.refunding]: 'warning',
  [FUND_SUB_STATUS.refunded]: 'default',
  [FUND_SUB_STATUS.finished]: 'success',
};

/** A subscription's status (spec 4): 1 in progress, 2 refunding, 3 refunded, 4 finished. */
export function SubStatus({ status }: { status: number }) {
  const { t } = useTranslation('mining');
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} fill="outline" data-testid="mining-status" data-status={status}>
      {t(`status_${status}`)}
    </Tag>
  );
}
