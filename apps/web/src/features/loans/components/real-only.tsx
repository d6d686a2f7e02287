import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { isDemoUser, useAuth } from '../../../lib/auth-store';

/** Loans are real money: a demo account sees why, and the way to a real account, instead of a form the server would refuse. */
export function realOnly<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function RealOnly(props: P) {
    const { t } = useTranslation('loans');
    const demo = isDemoUser(useAuth((s) => s.user));
    if (!demo) return <Screen {...props} />;
    return (
      <PageFrame title={t('loan.title')} testId="page-loan-demo" fallback="/">
        <RealAccountNotice testId="loan-demo-notice" />
      </PageFrame>
    );
  };
}
