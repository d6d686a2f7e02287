import { useState } from 'react';
import { Badge, Card, Input, List, Pagination, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type SupportConversation } from '@tp/contracts';
import { call } from '../../lib/api';
import { formatTime } from './format-time';

/** Conversations, newest first, with the user messages no staff member has read; search by uid or e-mail. */
export function ConversationList({ selected, onSelect }: { selected: number | undefined; onSelect: (id: number) => void }) {
  const { t } = useTranslation('support');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching, isError, refetch } = useQuery({
    queryKey: ['admin', 'support', 'conversations', search, page],
    queryFn: () => call(endpoints.support.conversations, { search: search || undefined, page }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const preview = (c: SupportConversation) => (c.last_message ? c.last_message.text || t('image_message') : '');
  return (
    <Card size="small" title={t('conversations')} styles={{ body: { padding: 0 } }}>
      <div style={{ padding: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('search')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="support-search"
        />
      </div>
      {isError ? (
        <Space style={{ padding: 12 }}>
          <Typography.Text type="danger">{t('load_failed')}</Typography.Text>
          <Typography.Link onClick={() => void refetch()}>{t('retry')}</Typography.Link>
        </Space>
      ) : null}
      <List<SupportConversation>
        loading={isFetching && !data}
        dataSource={data?.data ?? []}
        locale={{ emptyText: t('no_conversations') }}
        renderItem={(c) => (
          <List.Item
            onClick={() => onSelect(c.id)}
            style={{ cursor: 'pointer', padding: '10px 12px', background: c.id === selected ? 'var(--ant-color-primary-bg)' : undefined }}
            data-testid={`support-conversation-${c.user.uid}`}
          >
            <List.Item.Meta
              title={
                <Space size={6}>
                  <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
                    {c.user.email ?? c.user.uid}
                  </Typography.Text>
                  {c.user.is_demo ? <Tag color="purple">{t('demo')}</Tag> : null}
                </Space>
              }
              description={
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }}>
                  {preview(c)}
                </Typography.Text>
              }
            />
            <Space orientation="vertical" align="end" size={2}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(c.last_message_at)}
              </Typography.Text>
              <Badge count={c.unread} data-testid={`support-unread-${c.user.uid}`} />
            </Space>
          </List.Item>
        )}
      />
      {data && data.last_page > 1 ? (
        <div style={{ padding: 12, textAlign: 'center' }}>
          <Pagination size="small" current={page} pageSize={data.per_page} total={data.total} onChange={setPage} showSizeChanger={false} />
        </div>
      ) : null}
    </Card>
  );
}
