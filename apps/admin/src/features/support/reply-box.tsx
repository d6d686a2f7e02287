import { useRef, useState } from 'react';
import { Button, Input, Space, Tooltip } from 'antd';
import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints, SUPPORT_TEXT_MAX, UPLOAD_MIME_TYPES, type SupportMessage } from '@tp/contracts';
import { call } from '../../lib/api';
import { newClientId } from './staff-socket';

const TYPING_EVERY_MS = 3000;

/**
 * The reply: text (Enter sends, Shift+Enter a new line) and/or an image. The client id is made
 * when the reply is typed and kept until the server has it, so a retried send is one reply.
 */
export function ReplyBox({ conversationId, onSent }: { conversationId: number; onSent: (m: SupportMessage) => void }) {
  const { t } = useTranslation('support');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const clientId = useRef(newClientId());
  const lastTyping = useRef(0);
  const file = useRef<HTMLInputElement>(null);

  const send = async (input: { text?: string; image?: string }) => {
    setSending(true);
    try {
      const m = await call(endpoints.support.reply, { client_id: clientId.current, ...input }, { pathParams: { id: conversationId } });
      clientId.current = newClientId();
      onSent(m);
      return true;
    } catch {
      return false; // the api client said why; the text stays to be sent again
    } finally {
      setSending(false);
    }
  };
  const sendText = async () => {
    const value = text.trim();
    if (!value || sending) return;
    if (await send({ text: value })) setText('');
  };
  const sendImage = async (picked: File | undefined) => {
    if (!picked) return;
    const form = new FormData();
    form.append('file', picked);
    setSending(true);
    try {
      const { url } = await call(endpoints.support.staffImage, form, { pathParams: { id: conversationId } });
      await send({ image: url });
    } catch {
      setSending(false);
    }
  };
  const typing = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      call(endpoints.support.staffTyping, {}, { pathParams: { id: conversationId }, silent: true }).catch(() => undefined);
    }
  };
  return (
    <Space.Compact style={{ width: '100%', marginTop: 12 }}>
      <Tooltip title={t('send_image')}>
        <Button icon={<PictureOutlined />} onClick={() => file.current?.click()} disabled={sending} aria-label={t('send_image')} data-testid="support-image-button" />
      </Tooltip>
      <input
        ref={file}
        type="file"
        hidden
        accept={UPLOAD_MIME_TYPES.join(',')}
        data-testid="support-file"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = '';
          void sendImage(picked);
        }}
      />
      <Input.TextArea
        value={text}
        onChange={(e) => typing(e.target.value)}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={SUPPORT_TEXT_MAX}
        placeholder={t('reply_placeholder')}
        onPressEnter={(e) => {
          if (!e.shiftKey) {
            e.preventDefault();
            void sendText();
          }
        }}
        data-testid="support-reply"
      />
      <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!text.trim()} onClick={() => void sendText()} data-testid="support-send">
        {t('send')}
      </Button>
    </Space.Compact>
  );
}
