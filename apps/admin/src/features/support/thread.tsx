import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Card, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type SupportMessage } from '@tp/contracts';
import { call } from '../../lib/api';
import { PrivateImage } from '../../components/private-image';
import { formatTime } from './format-time';
import { ReplyBox } from './reply-box';
import type { Subscribe } from './staff-socket';
import { markReadUpTo, mergeMessages } from './thread-model';

const TYPING_SHOWN_MS = 5000;

/** One conversation: the user's identity, the history (older pages on demand), the reply box. */
export function Thread({ conversationId, subscribe }: { conversationId: number; subscribe: Subscribe }) {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [hasOlder, setHasOlder] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [userTyping, setUserTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const bottom = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  const thread = useQuery({
    queryKey: ['admin', 'support', 'thread', conversationId],
    queryFn: () => call(endpoints.support.thread, {}, { pathParams: { id: conversationId } }),
    refetchInterval: 30_000,
  });
  useEffect(() => {
    if (!thread.data) return;
    setMessages((m) => mergeMessages(m, thread.data.messages));
    setHasOlder((h) => h ?? thread.data.has_more);
  }, [thread.data]);

  useEffect(
    () =>
      subscribe((push) => {
        if (push.conversation_id !== conversationId) return;
        if (push.event === 'message' && push.message) {
          const message = push.message;
          stick.current = true;
          setMessages((m) => mergeMessages(m, [message]));
          if (message.from === 'user') setUserTyping(false);
        } else if (push.event === 'typing') {
          setUserTyping(true);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setUserTyping(false), TYPING_SHOWN_MS);
        } else if (push.event === 'read' && push.up_to_id) {
          const upTo = push.up_to_id;
          setMessages((m) => markReadUpTo(m, 'staff', upTo, new Date().toISOString()));
        }
      }),
    [subscribe, conversationId],
  );
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // The user's messages on screen are read by staff: marked, and the inbox badges follow.
  const unread = messages.some((m) => m.from === 'user' && !m.read_at);
  useEffect(() => {
    if (!unread || document.visibilityState !== 'visible') return;
    const at = new Date().toISOString();
    call(endpoints.support.staffRead, {}, { pathParams: { id: conversationId }, silent: true })
      .then(() => {
        setMessages((m) => markReadUpTo(m, 'user', Number.MAX_SAFE_INTEGER, at));
        void queryClient.invalidateQueries({ queryKey: ['admin', 'support'], predicate: (q) => q.queryKey[2] !== 'thread' });
      })
      .catch(() => undefined);
  }, [unread, conversationId, queryClient]);

  useLayoutEffect(() => {
    if (stick.current) bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages, userTyping]);

  const loadOlder = async () => {
    const oldest = messages[0]?.id;
    if (oldest === undefined) return;
    stick.current = false;
    setLoadingOlder(true);
    try {
      const page = await call(endpoints.support.thread, { before_id: oldest }, { pathParams: { id: conversationId } });
      setMessages((m) => mergeMessages(m, page.messages));
      setHasOlder(page.has_more);
    } catch {
      /* the api client said why */
    } finally {
      setLoadingOlder(false);
    }
  };

  if (thread.isPending) return <Card loading />;
  if (thread.isError)
    return (
      <Card>
        <Space>
          <Typography.Text type="danger">{t('load_failed')}</Typography.Text>
          <Button onClick={() => void thread.refetch()}>{t('retry')}</Button>
        </Space>
      </Card>
    );
  const { user } = thread.data.conversation;
  return (
    <Card
      size="small"
      title={
        <Descriptions size="small" column={3} data-testid="support-user">
          <Descriptions.Item label={t('uid')}>
            <Link to={`/users/${user.id}`}>
              <Typography.Text code>{user.uid}</Typography.Text>
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('email')}>{user.email ?? t('no_email')}</Descriptions.Item>
          <Descriptions.Item label={t('kind')}>
            <Tag color={user.is_demo ? 'purple' : 'blue'} data-testid="support-user-kind">
              {t(user.is_demo ? 'demo' : 'real')}
            </Tag>
          </Descriptions.Item>
        </Descriptions>
      }
    >
      <div className="support-thread" data-testid="support-thread">
        {hasOlder ? (
          <Button size="small" type="link" loading={loadingOlder} onClick={() => void loadOlder()} style={{ alignSelf: 'center' }}>
            {t('earlier')}
          </Button>
        ) : null}
        {messages.map((m) => (
          <div key={m.id} className={`support-row ${m.from}`} data-testid="support-message" data-from={m.from}>
            <div className="support-bubble">
              {m.image ? <PrivateImage path={m.image} alt={t('image_message')} width={180} testId="support-image" /> : null}
              {m.text ? <div className="support-text">{m.text}</div> : null}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {formatTime(m.created_at)}
              {m.from === 'staff' && m.read_at ? <span data-testid="support-read">{t('read_mark')}</span> : null}
            </Typography.Text>
          </div>
        ))}
        {userTyping ? (
          <Typography.Text type="secondary" italic data-testid="support-typing">
            {t('typing')}
          </Typography.Text>
        ) : null}
        {thread.isFetching && messages.length === 0 ? <Spin /> : null}
        <div ref={bottom} />
      </div>
      <ReplyBox conversationId={conversationId} onSent={(m) => {
        stick.current = true;
        setMessages((list) => mergeMessages(list, [m]));
      }} />
    </Card>
  );
}
