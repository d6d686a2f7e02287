import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** What a demo (mock) account sees instead of a real-money form (spec section 6). */
export function DemoNotice() {
  const { t } = useTranslation();
  return <NoticeBar content={t('public.only_true_account')} color="alert" wrap className="tp-notice" data-testid="wallet-demo-notice" />;
}
