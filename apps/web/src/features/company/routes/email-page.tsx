import '../company.css';
import { useState, type ReactNode } from 'react';
import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useCompanyEmail, useMainCompany } from '../api/company-api';
import { absoluteUrl } from '../model/links';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="tp-company-field">
      <div className="tp-company-field-label">{label}</div>
      <div className="tp-company-field-value" data-testid={testId}>
        {children || '--'}
      </div>
    </div>
  );
}

function CompanyInfo() {
  const { t } = useTranslation('company');
  const company = useMainCompany();
  // A logo that does not load (a missing file) leaves no empty frame behind.
  const [logoFailed, setLogoFailed] = useState(false);
  if (company.isPending) return <LoadingLines rows={5} />;
  if (company.isError) return <LoadError onRetry={() => void company.refetch()} />;
  const c = company.data;
  const website = absoluteUrl(c.url, window.location.origin);
  return (
    <div data-testid="company-info">
      <div className="tp-company-head">
        {c.logo && !logoFailed ? <img className="tp-company-logo" src={c.logo} alt="" onError={() => setLogoFailed(true)} /> : null}
        <div>
          <div className="tp-company-field-label">{t('info.main_company')}</div>
          <div data-testid="company-name">
            <strong>{c.name}</strong>
          </div>
        </div>
      </div>
      {c.subject ? <Field label={t('info.business')} testId="company-subject">{c.subject}</Field> : null}
      <Field label={t('info.contact_email')} testId="company-contact-email">
        {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}
      </Field>
      <Field label={t('info.website')} testId="company-website">
        {website ? (
          <a href={website} target="_blank" rel="noopener noreferrer">
            {website}
          </a>
        ) : null}
      </Field>
      <Field label={t('info.office_address')} testId="company-office">{c.location}</Field>
      <Field label={t('info.registered_address')} testId="company-registered">{c.registered_address}</Field>
    </div>
  );
}

/** /mine/email: the company e-mail with a copy button, then the company's own details. */
export function EmailPage() {
  const { t } = useTranslation('company');
  const { t: common } = useTranslation();
  const email = useCompanyEmail();
  let body: ReactNode;
  if (email.isPending) body = <LoadingLines rows={2} />;
  else if (email.isError) body = <LoadError onRetry={() => void email.refetch()} />;
  else
    body = (
      <div className="tp-company-email">
        <MailOutline className="tp-company-email-icon" />
        <div className="tp-muted">{t('email.intro')}</div>
        <div className="tp-company-email-address" data-testid="company-email">
          {email.data.email || '--'}
        </div>
        <CopyButton text={email.data.email} block testId="company-email-copy" />
      </div>
    );
  return (
    <PageFrame title={common('nav.mine_email')} fallback="/user" testId="page-mine-email">
      <div className="tp-card">{body}</div>
      <div className="tp-card">
        <h3 className="tp-company-section-title">{t('info.title')}</h3>
        <CompanyInfo />
      </div>
    </PageFrame>
  );
}
