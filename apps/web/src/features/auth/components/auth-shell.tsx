import '../auth.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/ui/logo';
import { PageFrame } from '../../../components/ui/page-frame';

export function AuthShell({ navTitle, title, subtitle, right, children, testId }: { navTitle: string; title: string; subtitle?: string; right?: ReactNode; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={navTitle} right={right} testId={testId}>
      <div className="tp-auth">
        <div className="tp-auth-logo">
          <Logo alt={t('home.logo_alt')} />
          <strong>{t('public.app_name')}</strong>
        </div>
        <h1>{title}</h1>
        {subtitle ? <p className="tp-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </PageFrame>
  );
}
