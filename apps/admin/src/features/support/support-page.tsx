import './support.css';
import { useCallback, useRef } from 'react';
import { Badge, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@tp/contracts';
import { call } from '../../lib/api';
import { ConversationList } from './conversation-list';
import { useStaffSocket, type PushListener, type Subscribe } from './staff-socket';
import { Thread } from './thread';

/** The support inbox: `#/support` the conversations, `#/support/<id>` one of them beside the list. */
export default function SupportPage() {
  return (
    <Routes>
      <Route index element={<Inbox />} />
      <Route path=":id" element={<Inbox />} />
    </Routes>
  );
}

function Inbox() {
  const { t } = useTranslation('support');
  const { id } = useParams();
  const selected = id ? Number(id) || undefined : undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<PushListener>());
  const subscribe = useCallback<Subscribe>((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['admin', 'support'] }), [queryClient]);
  const live = useStaffSocket(
    (push) => {
      if (push.event !== 'typing') refresh();
      for (const l of listeners.current) l(push);
    },
    refresh,
  );
  const unread = useQuery({ queryKey: ['admin', 'support', 'unread'], queryFn: () => call(endpoints.support.staffUnread), refetchInterval: 30_000 });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="support-page">
      <Space align="center" size="middle">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Badge count={unread.data?.conversations ?? 0} data-testid="support-unread-total" />
        <Tag color={live === 'live' ? 'green' : live === 'offline' ? 'red' : 'default'} data-testid="support-live">
          {t(`live.${live}`)}
        </Tag>
      </Space>
      <Row gutter={16} wrap={false}>
        <Col flex="360px">
          <ConversationList selected={selected} onSelect={(c) => navigate(`/support/${c}`)} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {selected ? (
            <Thread key={selected} conversationId={selected} subscribe={subscribe} />
          ) : (
            <Card>
              <Empty description={t('pick')} />
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}
