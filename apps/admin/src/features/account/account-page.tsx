import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SecondFactorCard } from './second-factor-card';

/** The signed-in staff member's own account. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card title={t('totp.title')} style={{ maxWidth: 720 }}>
        <SecondFactorCard />
      </Card>
    </>
  );
}
