import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const CHARGE_COLOURS: Record<number, 'warning' | 'success' | 'danger' | 'default'> = { 0: 'warning', 1: 'success', 2: 'danger', 3: 'default' };

/** Deposit record status (0 unchecked, 1 finished, 2 rejected, 3 invalid), coloured. */
export function ChargeStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = status >= 0 && status <= 3 ? status : 3;
  return (
    <Tag color={CHARGE_COLOURS[key]} fill="outline" data-testid="charge-status" data-status={status}>
      {t(`charge.status_${key}`)}
    </Tag>
  );
}

const WITHDRAW_COLOURS: Record<number, 'warning' | 'success' | 'danger'> = { 0: 'warning', 1: 'success', 2: 'danger' };

/** Withdrawal record status with the server's (localized) status_name. */
export function WithdrawStatus({ status, name }: { status: number; name: string }) {
  return (
    <Tag color={WITHDRAW_COLOURS[status] ?? 'default'} fill="outline" data-testid="withdraw-status" data-status={status}>
      {name}
    </Tag>
  );
}
