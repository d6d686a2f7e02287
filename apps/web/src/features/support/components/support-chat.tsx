import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UPLOAD_MAX_BYTES, SUPPORT_TEXT_MAX, UPLOAD_MIME_TYPES, type SupportChatPush, type SupportMessage } from '@tp/contracts';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { clearSupportUnread } from '../../../lib/support-unread';
import { toast } from '../../../lib/toast';
import { useWsTopic, ws } from '../../../lib/ws';
import { uploadImage } from '../../../lib/api/upload';
import { announceTyping, fetchHistory, markRead, sendMessage } from '../api/support';
import { hasUnreadFromStaff, markReadUpTo, mergeMessages, newClientId, stillPending, wireTimeNow, type PendingMessage } from '../model/chat-model';
import { ChatBubble, PendingBubble } from './chat-bubble';

/** Typing is announced at most this often while the user types. */
const TYPING_EVERY_MS = 3000;
/** Staff's typing mark disappears when no new one came for this long. */
const TYPING_SHOWN_MS = 5000;

/**
 * The built-in chat with staff. The history endpoint is the truth: pushes on SUPPORT_CHAT only
 * hurry it, and the newest page is read again on reconnect, on return to the tab and every 30 s.
 */
export function SupportChat() {
  const { t } = useTranslation('support');
  const token = useAuth((s) => s.token);
  const isDemo = useAuth((s) => s.user?.is_demo === 1);
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [hasOlder, setHasOlder] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [staffTyping, setStaffTyping] = useState(false);
  const [draft, setDraft] = useState('');
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTypingAt = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const stickToBottom = useRef(true);

  const latest = useQuery({
    queryKey: ['support', 'history', token],
    queryFn: ({ signal }) => fetchHistory(undefined, signal),
    refetchInterval: 30_000,
    enabled: !!token,
  });
  useEffect(() => {
    if (!latest.data) return;
    setMessages((m) => mergeMessages(m, latest.data.messages));
    setHasOlder((h) => h ?? latest.data.has_more);
  }, [latest.data]);
  useEffect(() => setPending((p) => stillPending(p, messages)), [messages]);

  // Back on line: whatever was pushed meanwhile is read from the history.
  const { refetch } = latest;
  useEffect(() => ws.onStatus((s) => s === 'open' && void refetch()), [refetch]);

  useWsTopic('SUPPORT_CHAT', (raw) => {
    const push = raw as unknown as SupportChatPush;
    if (push.event === 'message' && push.message) {
      const message = push.message;
      stickToBottom.current = true;
      setMessages((m) => mergeMessages(m, [message]));
      if (message.from === 'staff') setStaffTyping(false);
    } else if (push.event === 'typing') {
      setStaffTyping(true);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setStaffTyping(false), TYPING_SHOWN_MS);
    } else if (push.event === 'read' && push.up_to_id) {
      const upTo = push.up_to_id;
      setMessages((m) => markReadUpTo(m, 'user', upTo, wireTimeNow()));
    }
  });
  useEffect(() => () => void (typingTimer.current && clearTimeout(typingTimer.current)), []);

  // Staff messages on screen are read: marked on the server, the header's badge cleared.
  const unread = hasUnreadFromStaff(messages);
  useEffect(() => {
    if (!unread || document.visibilityState !== 'visible') return;
    const at = wireTimeNow();
    markRead()
      .then(() => {
        setMessages((m) => m.map((x) => (x.from === 'staff' && !x.read_at ? { ...x, read_at: at } : x)));
        clearSupportUnread(queryClient, token);
      })
      .catch(() => undefined);
  }, [unread, queryClient, token]);

  useLayoutEffect(() => {
    if (stickToBottom.current) bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages, pending, staffTyping]);

  const deliver = useCallback(async (p: PendingMessage) => {
    stickToBottom.current = true;
    setPending((list) => [...list.filter((x) => x.client_id !== p.client_id), { ...p, state: 'sending' }]);
    try {
      const stored = await sendMessage({ client_id: p.client_id, ...(p.text ? { text: p.text } : {}), ...(p.image ? { image: p.image } : {}) });
      setMessages((m) => mergeMessages(m, [stored]));
    } catch {
      // The api client said why; the message stays, marked, to be sent again with the same id.
      setPending((list) => list.map((x) => (x.client_id === p.client_id ? { ...x, state: 'failed' } : x)));
    }
  }, []);

  const submit = () => {
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    void deliver({ client_id: newClientId(), text, state: 'sending' });
  };

  const typing = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (value.trim() && now - lastTypingAt.current > TYPING_EVERY_MS) {
      lastTypingAt.current = now;
      announceTyping().catch(() => undefined);
    }
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > DEFAULT_UPLOAD_MAX_BYTES) {
      toast(t('image_too_large', { mb: DEFAULT_UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      const { url } = await uploadImage(file);
      void deliver({ client_id: newClientId(), text: '', image: url, preview: URL.createObjectURL(file), state: 'sending' });
    } catch {
      /* the api client said why */
    }
  };

  const loadOlder = async () => {
    const oldest = messages[0]?.id;
    if (oldest === undefined) return;
    setLoadingOlder(true);
    stickToBottom.current = false;
    try {
      const page = await fetchHistory(oldest);
      setMessages((m) => mergeMessages(m, page.messages));
      setHasOlder(page.has_more);
    } catch {
      /* the api client said why; the button stays */
    } finally {
      setLoadingOlder(false);
    }
  };

  if (latest.isPending) return <LoadingLines rows={5} />;
  if (latest.isError && messages.length === 0) return <LoadError onRetry={() => void latest.refetch()} />;

  return (
    <div className="tp-chat" data-testid="support-chat">
      <div className="tp-chat-thread" data-testid="chat-thread">
        {hasOlder ? (
          <Button size="mini" fill="none" className="tp-chat-older" loading={loadingOlder} onClick={() => void loadOlder()} data-testid="chat-older">
            {t('earlier')}
          </Button>
        ) : messages.length > 0 ? (
          <div className="tp-chat-start">{t('start')}</div>
        ) : null}
        {messages.length === 0 && pending.length === 0 ? (
          <div className="tp-chat-empty" data-testid="chat-empty">
            <div className="tp-chat-empty-title">{t('empty_title')}</div>
            <div className="tp-muted">{t('empty_desc')}</div>
          </div>
        ) : null}
        {messages.map((m) => (
          <ChatBubble key={m.id} message={m} />
        ))}
        {pending.map((p) => (
          <PendingBubble key={p.client_id} pending={p} onRetry={() => void deliver(p)} />
        ))}
        {staffTyping ? (
          <div className="tp-chat-typing" data-testid="chat-typing">
            {t('typing')}
          </div>
        ) : null}
        <div ref={bottom} />
      </div>
      <div className="tp-chat-composer">
        {isDemo ? null : (
          <>
            <button type="button" className="tp-icon-btn" aria-label={t('image')} onClick={() => fileInput.current?.click()} data-testid="chat-image-button">
              <PictureOutline />
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_MIME_TYPES.join(',')}
              hidden
              data-testid="chat-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void pickImage(file);
              }}
            />
          </>
        )}
        <TextArea
          className="tp-chat-input"
          value={draft}
          onChange={typing}
          placeholder={t('placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={SUPPORT_TEXT_MAX}
          rows={1}
          data-testid="chat-input"
          onEnterPress={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button color="primary" size="small" disabled={!draft.trim()} onClick={submit} data-testid="chat-send">
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
