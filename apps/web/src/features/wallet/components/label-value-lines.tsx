import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { toast, toastSuccess } from '../../../lib/toast';

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
      <span className="tp-kv-value tp-wrap" dir="auto" data-testid={testId}>
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
