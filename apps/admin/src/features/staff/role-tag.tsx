import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminRole } from '@tp/contracts';

const ROLE_COLORS: Record<AdminRole, string> = { admin: 'red', reviewer: 'blue', support: 'green' };

export function RoleTag({ role }: { role: AdminRole }) {
  const { t } = useTranslation('staff');
  return <Tag color={ROLE_COLORS[role]}>{t(`roles.${role}`)}</Tag>;
}
