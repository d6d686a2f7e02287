import { useState } from 'react';
import { Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminOutboxRow } from '@tp/contracts';
import { call } from '../../lib/api';

type Channel = 'all' | 'email' | 'sms';

/** The e-mails and texts the platform sent, newest first; verification codes are masked by the server. */
export default function OutboxPage() {
  const { t } = useTranslation('outbox');
  const [channel, setChannel] = useState<Channel>('all');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'outbox', channel, to, page],
    queryFn: () => call(endpoints.adminOps.outbox, { channel: channel === 'all' ? undefined : channel, to: to || undefined, page }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="outbox-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Space wrap>
        <Segmented<Channel>
          value={channel}
          onChange={(value) => {
            setChannel(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('channel.all') },
            { value: 'email', label: t('channel.email') },
            { value: 'sms', label: t('channel.sms') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('recipient')}
          onSearch={(value) => {
            setTo(value.trim());
            setPage(1);
          }}
          style={{ width: 320 }}
          data-testid="outbox-search"
        />
      </Space>
      <Typography.Text type="secondary">
        <LockOutlined /> {t('masked_note')}
      </Typography.Text>
      <Table<AdminOutboxRow>
        rowKey={(row) => `${row.created_at}|${row.to}|${row.text}`}
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        data-testid="outbox-table"
        pagination={{ current: page, pageSize: data?.per_page ?? 30, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total) => t('total', { count: total }) }}
        columns={[
          { title: t('col.time'), dataIndex: 'created_at', width: 170 },
          { title: t('col.channel'), dataIndex: 'channel', width: 90, render: (c: string) => <Tag color={c === 'sms' ? 'cyan' : 'geekblue'}>{t(`channel.${c}`, { defaultValue: c })}</Tag> },
          { title: t('col.to'), dataIndex: 'to' },
          { title: t('col.type'), dataIndex: 'type', render: (type: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{type}</Typography.Text> },
          { title: t('col.text'), dataIndex: 'text', render: (text: string) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0, maxWidth: 520 }}>{text}</Typography.Paragraph> },
        ]}
      />
    </Space>
  );
}
