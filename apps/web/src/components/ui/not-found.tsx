import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorBlock } from './error-block';

/**
 * What a screen shows when the item its link names is missing from the link or unknown to the
 * server (a trader, a loan): a plain "not found" with a way back, never a connection error.
 */
export function NotFound({ back, testId = 'not-found' }: { back: string; testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="tp-center" data-testid={testId}>
      <ErrorBlock status="empty" title={t('public.not_found_title')} description={t('public.not_found_text')} />
      <Button size="small" color="primary" fill="outline" onClick={() => navigate(back, { replace: true })} data-testid={`${testId}-back`}>
        {t('public.back')}
      </Button>
    </div>
  );
}
