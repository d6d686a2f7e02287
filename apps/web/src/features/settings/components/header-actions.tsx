import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge } from 'antd-mobile';
import { GlobalOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Lang } from '@tp/contracts';
import { setLang } from '../../../lib/i18n';
import { useBasicInfo } from '../../../lib/queries';
import { useSupportUnread } from '../../../lib/support-unread';
import { toast } from '../../../lib/toast';

/** Service link kinds (spec section 9): 2 copy in a dialog, 3 open the link, else the chat page. */
const SERVICE_COPY = 2;
const SERVICE_OPEN = 3;

// The drawer and the dialog come with their first use (header-sheets.tsx says why).
const sheets = () => import('./header-sheets');
const LangDrawer = lazy(() => sheets().then((m) => ({ default: m.LangDrawer })));

/** Header icons: language drawer and customer service (with the support chat's unread count). */
/** `leading`: what the app puts first in the same row (the notification bell), one row of icons. */
export function HeaderActions({ leading }: { leading?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const basic = useBasicInfo();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the drawer closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const unread = useSupportUnread();

  const service = () => {
    const info = basic.data;
    const link = info?.service_link ?? '';
    if (info?.service_link_type === SERVICE_COPY && link) {
      void sheets().then((m) => m.showServiceDialog(link, t));
      return;
    }
    if (info?.service_link_type === SERVICE_OPEN && /^https?:\/\//i.test(link)) {
      const w = window.open(link, '_blank', 'noopener,noreferrer');
      if (!w) window.location.href = link;
      return;
    }
    navigate('/mine/chat');
  };

  const choose = async (lang: Lang) => {
    setOpen(false);
    try {
      await setLang(lang);
    } catch {
      toast(t('public.load_failed'));
    }
  };

  return (
    <div className="tp-header-actions">
      {leading}
      <button
        type="button"
        className="tp-icon-btn"
        aria-label={t('public.language')}
        onClick={() => {
          setDrawerUsed(true);
          setOpen(true);
        }}
        data-testid="header-lang"
      >
        <GlobalOutline />
      </button>
      <button type="button" className="tp-icon-btn" aria-label={t('public.service')} onClick={service} data-testid="header-service">
        <span data-testid="header-service-badge" data-count={unread} style={{ display: 'inline-flex' }}>
          <Badge content={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null}>
            <MessageOutline />
          </Badge>
        </span>
      </button>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <LangDrawer open={open} current={i18n.language} onClose={() => setOpen(false)} onChoose={(lang) => void choose(lang)} t={t} />
        </Suspense>
      ) : null}
    </div>
  );
}
