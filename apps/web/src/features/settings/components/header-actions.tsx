import { useState } from 'react';
import { Badge, Button, Dialog, Popup } from 'antd-mobile';
import { GlobalOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANG_BCP47, LANGS, LANG_NAMES, type Lang } from '@tp/contracts';
import { copyText } from '../../../lib/clipboard';
import { setLang } from '../../../lib/i18n';
import { useBasicInfo } from '../../../lib/queries';
import { useSupportUnread } from '../../../lib/support-unread';
import { toast, toastSuccess } from '../../../lib/toast';

/** Service link kinds (spec section 9): 2 copy in a dialog, 3 open the link, else the chat page. */
const SERVICE_COPY = 2;
const SERVICE_OPEN = 3;

/** Header icons: language drawer and customer service (with the support chat's unread count). */
export function HeaderActions() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const basic = useBasicInfo();
  const [open, setOpen] = useState(false);
  const unread = useSupportUnread();

  const service = () => {
    const info = basic.data;
    const link = info?.service_link ?? '';
    if (info?.service_link_type === SERVICE_COPY && link) {
      Dialog.show({
        title: t('public.service_copy_title'),
        content: <div style={{ wordBreak: 'break-all', textAlign: 'center' }} data-testid="service-link-text">{link}</div>,
        closeOnAction: true,
        closeOnMaskClick: true,
        actions: [
          [
            { key: 'close', text: t('public.close') },
            {
              key: 'copy',
              text: t('public.copy'),
              bold: true,
              onClick: async () => {
                if (await copyText(link)) toastSuccess(t('public.copy_success'));
              },
            },
          ],
        ],
      });
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
      <button type="button" className="tp-icon-btn" aria-label={t('public.language')} onClick={() => setOpen(true)} data-testid="header-lang">
        <GlobalOutline />
      </button>
      <button type="button" className="tp-icon-btn" aria-label={t('public.service')} onClick={service} data-testid="header-service">
        <span data-testid="header-service-badge" data-count={unread} style={{ display: 'inline-flex' }}>
          <Badge content={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null}>
            <MessageOutline />
          </Badge>
        </span>
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} position="bottom" bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '75vh', overflowY: 'auto' }}>
        <div className="tp-popup-title">{t('public.language')}</div>
        <div className="tp-lang-grid" data-testid="lang-drawer">
          {LANGS.map((lang) => (
            <button key={lang} type="button" lang={LANG_BCP47[lang]} className={i18n.language === lang ? 'active' : undefined} onClick={() => void choose(lang)} data-testid={`lang-drawer-${lang}`}>
              {LANG_NAMES[lang]}
            </button>
          ))}
        </div>
        <div style={{ padding: '0 12px 16px' }}>
          <Button block onClick={() => setOpen(false)}>
            {t('public.cancel')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}
