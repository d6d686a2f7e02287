import type { ReactNode } from 'react';
import { Button, NoticeBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { toast, toastSuccess } from '../../../lib/toast';

/** What a demo (mock) account sees instead of a real-money form (spec section 6). */
export function DemoNotice() {
  const { t } = useTranslation();
  return <NoticeBar content={t('public.only_true_account')} color="alert" wrap className="tp-notice" data-testid="wallet-demo-notice" />;
}

/** A label, a value that may be long, and a copy button. */
export function CopyLine({ label, value, testId }: { label: ReactNode; value: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) toastSuccess(t('public.copy_success'));
    else toast(t('wallet.copy_failed'));
  };
  return (
    <div className="tp-kv tp-kv-copy">
      <span className="tp-muted">{label}</span>
      <span className="tp-kv-value tp-break" data-testid={testId}>
        {value || '--'}
      </span>
      {value ? (
        <Button size="mini" fill="none" color="primary" onClick={() => void copy()} data-testid={testId ? `${testId}-copy` : undefined}>
          {t('public.copy')}
        </Button>
      ) : null}
    </div>
  );
}

/** A label and a value on one line (value at the end). */
export function KeyValue({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="tp-kv">
      <span className="tp-muted">{label}</span>
      <span className="tp-kv-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

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

/** Section heading with an optional action at the end. */
export function SectionTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="tp-section-row">
      <h3 className="tp-section-title">{children}</h3>
      {extra}
    </div>
  );
}
