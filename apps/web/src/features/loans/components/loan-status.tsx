import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LOAN_STATUS } from '@tp/contracts';

const COLORS: Record<number, string> = {
  [LOAN_STATUS.waiting]: 'warning',
  [LOAN_STATUS.repaying]: 'primary',
  [LOAN_STATUS.rejected]: 'danger',
  [LOAN_STATUS.repaymentReview]: 'warning',
  [LOAN_STATUS.repaid]: 'success',
};

/** A loan's status (1 waiting ... 5 repaid) as a coloured tag. */
export function LoanStatus({ status }: { status: number }) {
  const { t } = useTranslation('loans');
  return (
    <Tag color={COLORS[status] ?? 'default'} fill="outline" data-testid="loan-status" data-status={status}>
      {t(`loan.status_${status}`)}
    </Tag>
  );
}
