import { useState } from 'react';
import { Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type FairLiabilityRoot } from '@tp/contracts';
import { call } from '../../lib/api';

/** The published proofs of liabilities, newest first (read only: the scheduler publishes them daily). */
export default function FairPage() {
  const { t } = useTranslation('fair');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'fair', 'liabilities', page],
    queryFn: () => call(endpoints.fair.adminLiabilities, { page }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="fair-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('note')}</Typography.Text>
      <Table<FairLiabilityRoot>
        rowKey="day"
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        data-testid="fair-table"
        pagination={{ current: page, pageSize: data?.per_page ?? 30, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          { title: t('col.day'), dataIndex: 'day', width: 120 },
          { title: t('col.total'), dataIndex: 'total', align: 'right', width: 180 },
          { title: t('col.users'), dataIndex: 'users', align: 'right', width: 100 },
          { title: t('col.root'), dataIndex: 'root', render: (root: string) => <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>{root}</Typography.Text> },
          { title: t('col.published'), dataIndex: 'publishedAtMs', width: 190, render: (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19) },
        ]}
      />
    </Space>
  );
}
