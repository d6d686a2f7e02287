import type { ComponentType } from 'react';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { isDemoUser, useAuth } from '../../../lib/auth-store';

/** Loans are real money: a demo account sees why instead of a form the server would refuse. */
export function realOnly<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function RealOnly(props: P) {
    const { t } = useTranslation('loans');
    const { t: common } = useTranslation();
    const demo = isDemoUser(useAuth((s) => s.user));
    if (!demo) return <Screen {...props} />;
    return (
      <PageFrame title={t('loan.title')} testId="page-loan-demo" fallback="/">
        <NoticeBar content={common('public.only_true_account')} color="alert" wrap data-testid="loan-demo-notice" />
      </PageFrame>
    );
  };
}
