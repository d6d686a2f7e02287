import './real-account-notice.css';
import { Button, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../lib/login-path';

/**
 * A screen a demo account may not use: why, and the way to a real account from right here -
 * register one or log in to one, coming back to this screen afterwards.
 */
export function RealAccountNotice({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <div className="tp-real-only" data-testid={testId}>
      <NoticeBar content={t('public.only_true_account')} color="alert" wrap />
      <div className="tp-real-only-actions">
        <Button color="primary" onClick={() => navigate(`/register?from=${encodeURIComponent(here)}`)} data-testid={`${testId}-register`}>
          {t('nav.register')}
        </Button>
        <Button color="primary" fill="outline" onClick={() => navigate(loginPathFor(here))} data-testid={`${testId}-login`}>
          {t('nav.login')}
        </Button>
      </div>
    </div>
  );
}
