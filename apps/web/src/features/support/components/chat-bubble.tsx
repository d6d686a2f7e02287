import { Image } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '@tp/contracts';
import { PrivateImage } from '../../../components/ui/private-image';
import { formatShortDateTime, wireToMs } from '../../../lib/datetime';
import type { PendingMessage } from '../model/chat-model';

const IMAGE_SIZE = 160;

/** A message's time in the device's zone, as every time on a screen (lib/datetime): the hour on its own day, the date before it otherwise. */
function useTime(wire: string): string {
  const { i18n } = useTranslation();
  return formatShortDateTime(wireToMs(wire) ?? Date.now(), i18n.language, Date.now());
}

/** One stored message. Its text is shown as plain text: never html. */
export function ChatBubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('support');
  const mine = message.from === 'user';
  const time = useTime(message.created_at);
  return (
    <div className={`tp-chat-row ${mine ? 'mine' : 'theirs'}`} data-testid="chat-message" data-from={message.from} data-id={message.id}>
      {mine ? null : <div className="tp-chat-who">{t('staff')}</div>}
      <div className={`tp-chat-bubble${message.text ? '' : ' image-only'}`}>
        {message.image ? <PrivateImage path={message.image} alt={t('image_alt')} size={IMAGE_SIZE} preview testId="chat-image" /> : null}
        {message.text ? <div className="tp-chat-text">{message.text}</div> : null}
      </div>
      <div className="tp-chat-meta">
        <span>{time}</span>
        {mine && message.read_at ? (
          <span className="tp-chat-read" data-testid="chat-read">
            {t('read')}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** A message on its way (or refused: tap to send it again with the same id). */
export function PendingBubble({ pending, onRetry }: { pending: PendingMessage; onRetry: () => void }) {
  const { t } = useTranslation('support');
  const failed = pending.state === 'failed';
  return (
    <div className="tp-chat-row mine pending" data-testid="chat-pending" data-state={pending.state}>
      <div className={`tp-chat-bubble${pending.text ? '' : ' image-only'}`}>
        {pending.preview ? <Image src={pending.preview} alt={t('image_alt')} width={IMAGE_SIZE} height={IMAGE_SIZE} fit="cover" lazy={false} className="tp-thumb" /> : null}
        {pending.text ? <div className="tp-chat-text">{pending.text}</div> : null}
      </div>
      <div className="tp-chat-meta">
        {failed ? (
          <button type="button" className="tp-chat-retry" onClick={onRetry} data-testid="chat-retry">
            {t('failed')}
          </button>
        ) : (
          <span>{t('sending')}</span>
        )}
      </div>
    </div>
  );
}
