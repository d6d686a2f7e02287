import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** The honest line for parts that are not built yet: no fake data. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <div className="tp-coming" data-testid="coming-soon">
      <ClockCircleOutline />
      <div>{t('public.coming_soon')}</div>
    </div>
  );
}
