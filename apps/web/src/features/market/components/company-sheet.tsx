import '../market.css';
import '../trade.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Company } from '@tp/contracts';
import { assetUrl } from '../../../lib/api/client';
import { openUrl, setCookie } from '../../../lib/browser';
import { LazyPopup } from '../../../components/ui/lazy-popup';

/** Spec section 9: the company cookie lives 3 years. */
export const COMPANY_COOKIE = 'company_id';
export const COMPANY_COOKIE_MAX_AGE_S = 3 * 365 * 24 * 60 * 60;

/** A company URL we may navigate to: http(s) or a path on this site. */
function safeUrl(url: string): string | null {
  const u = url.trim();
  if (/^https?:\/\//i.test(u)) return u;
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  return null;
}

/**
 * The website as users read it: a path on this site ('/' for the main company, which is this
 * site) is shown as the site's full address, never as a bare "/"; nothing when there is no link.
 */
export function shownWebsite(url: string | null): string {
  if (!url) return '';
  return url.startsWith('/') ? new URL(url, window.location.origin).href : url;
}

function CompanyLogo({ company }: { company: Company }) {
  const [broken, setBroken] = useState(false);
  if (!company.logo || broken) return <span className="tp-company-logo tp-sym-logo-letter">{company.name.slice(0, 1)}</span>;
  return <img src={assetUrl(company.logo)} alt="" aria-hidden="true" className="tp-company-logo" onError={() => setBroken(true)} />;
}

function Row({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div className="tp-company-row">
      <span className="tp-muted">{label}</span>
      <span dir="auto">{value}</span>
    </div>
  );
}

/** Bottom sheet with the company's details and Enter (stores company_id, opens its site). */
export function CompanySheet({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const { t } = useTranslation();
  const c = company;
  const url = c ? safeUrl(c.url) : null;
  const enter = () => {
    if (!c) return;
    setCookie(COMPANY_COOKIE, String(c.id), COMPANY_COOKIE_MAX_AGE_S);
    if (url) openUrl(url);
  };
  return (
    <LazyPopup visible={!!c} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="tp-sheet-body" showCloseButton>
      {c ? (
        <div className="tp-company-sheet" data-testid="company-sheet">
          <div className="tp-company-title">
            <CompanyLogo key={c.id} company={c} />
            <b data-testid="company-sheet-name" dir="auto">{c.name}</b>
          </div>
          <Row label={t('search.website')} value={shownWebsite(url)} />
          <Row label={t('search.subject')} value={c.subject} />
          <Row label={t('search.registered_address')} value={c.registered_address} />
          <Row label={t('search.office_address')} value={c.location} />
          <Row label={t('search.email')} value={c.email} />
          <Button block color="primary" size="large" onClick={enter} data-testid="company-enter" className="tp-company-enter">
            {t('search.enter')}
          </Button>
        </div>
      ) : null}
    </LazyPopup>
  );
}
