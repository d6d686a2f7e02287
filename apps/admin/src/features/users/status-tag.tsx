import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A user's login status: 1 active, 0 disabled. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('users');
  return status === 1 ? <Tag color="green">{t('status.active')}</Tag> : <Tag color="red" data-testid="status-disabled">{t('status.disabled')}</Tag>;
}
