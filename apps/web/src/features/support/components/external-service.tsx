import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { toastSuccess } from '../../../lib/toast';

/** Service link kinds (spec section 9): 2 copy in a dialog, 3 open the link, else embedded. */
export const SERVICE_COPY = 2;
export const SERVICE_OPEN = 3;

/**
 * An external customer-service link set by staff: copied (type 2), opened (type 3), or embedded
 * in the page (any other type).
 */
export function ExternalService({ link, type }: { link: string; type: number }) {
  const { t } = useTranslation('support');
  if (type !== SERVICE_COPY && type !== SERVICE_OPEN) {
    return <iframe className="tp-chat-frame" src={link} title={t('frame_title')} data-testid="chat-frame" referrerPolicy="no-referrer" />;
  }
  return (
    <div className="tp-chat-external" data-testid="chat-external">
      <div className="tp-muted">{t('external_hint')}</div>
      <div className="tp-chat-link" data-testid="chat-link">
        {link}
      </div>
      {type === SERVICE_COPY ? (
        <Button block color="primary" onClick={() => void copyText(link).then((ok) => ok && toastSuccess(t('copied')))}>
          {t('copy')}
        </Button>
      ) : (
        <Button block color="primary" onClick={() => void window.open(link, '_blank', 'noopener,noreferrer')}>
          {t('open')}
        </Button>
      )}
    </div>
  );
}
