// The drawer's own styles come with it: this file is loaded on the drawer's first opening, which
// may well be the first thing a visitor does, before any settings screen has brought them.
import '../settings.css';
import { Button, Dialog, Popup } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { LANG_BCP47, LANGS, LANG_NAMES, type Lang } from '@tp/contracts';
import { copyText } from '../../../lib/clipboard';
import { toastSuccess } from '../../../lib/toast';

/*
 * The header's sheets: the language drawer and the service link dialog. They bring antd-mobile's
 * Popup, Dialog and their animation library, so header-actions loads this file when one is first
 * opened instead of with the first screen.
 */

/** The language drawer (a bottom sheet). */
export function LangDrawer({ open, current, onClose, onChoose, t }: { open: boolean; current: string; onClose: () => void; onChoose: (lang: Lang) => void; t: TFunction }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '75vh', overflowY: 'auto' }}>
      <div className="tp-popup-title">{t('public.language')}</div>
      <div className="tp-lang-grid" data-testid="lang-drawer">
        {LANGS.map((lang) => (
          <button key={lang} type="button" lang={LANG_BCP47[lang]} className={current === lang ? 'active' : undefined} onClick={() => onChoose(lang)} data-testid={`lang-drawer-${lang}`}>
            {LANG_NAMES[lang]}
          </button>
        ))}
      </div>
      <div style={{ padding: '0 12px 16px' }}>
        <Button block onClick={onClose}>
          {t('public.cancel')}
        </Button>
      </div>
    </Popup>
  );
}

/** The service link in a dialog, with a copy button. */
export function showServiceDialog(link: string, t: TFunction): void {
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
}
