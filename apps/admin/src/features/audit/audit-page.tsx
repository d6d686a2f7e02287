import { useState } from 'react';
import { Button, DatePicker, Descriptions, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminAuditRow } from '@tp/contracts';
import { call } from '../../lib/api';
import { AuditDiff } from './audit-diff';

interface Filters {
  admin_id?: number;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

interface FormValues {
  admin_id?: number | null;
  action?: string;
  target?: string;
}

function Detail({ row }: { row: AdminAuditRow }) {
  const { t } = useTranslation('audit');
  const entries = Object.entries(row.detail);
  const hasChange = row.before !== null || row.after !== null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {row.request_id ? (
        <Typography.Text type="secondary" data-testid="audit-request-id">
          {t('request_id')}: <Typography.Text copyable>{row.request_id}</Typography.Text>
        </Typography.Text>
      ) : null}
      {entries.length > 0 ? (
        <Descriptions size="small" column={3} bordered>
          {entries.map(([key, value]) => (
            <Descriptions.Item key={key} label={key}>
              {typeof value === 'string' ? value : JSON.stringify(value)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      {hasChange ? <AuditDiff before={row.before} after={row.after} /> : <Typography.Text type="secondary">{t('no_change')}</Typography.Text>}
    </Space>
  );
}

/** The audit log (admins only): every staff action, newest first, with before and after of each change. */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  const [filters, setFilters] = useState<Filters>({});
  const [range, setRange] = useState<[string, string] | null>(null);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: () => call(endpoints.adminOps.audit, { ...filters, page }),
    placeholderData: keepPreviousData,
  });
  const apply = (values: FormValues) => {
    setPage(1);
    setFilters({
      admin_id: values.admin_id ?? undefined,
      action: values.action?.trim() || undefined,
      target: values.target?.trim() || undefined,
      from: range?.[0] || undefined,
      to: range?.[1] || undefined,
    });
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="audit-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Form<FormValues> layout="inline" onFinish={apply} data-testid="audit-filters">
        <Form.Item name="admin_id" label={t('filter.staff')}>
          <InputNumber min={1} precision={0} style={{ width: 110 }} data-testid="audit-staff" />
        </Form.Item>
        <Form.Item name="action" label={t('filter.action')} tooltip={t('filter.action_hint')}>
          <Input allowClear placeholder={t('filter.action_placeholder')} style={{ width: 170 }} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="target" label={t('filter.target')}>
          <Input allowClear placeholder={t('filter.target_placeholder')} style={{ width: 150 }} data-testid="audit-target" />
        </Form.Item>
        <Form.Item label={t('filter.time')}>
          <DatePicker.RangePicker showTime onChange={(_, strings) => setRange(strings[0] && strings[1] ? [strings[0], strings[1]] : null)} data-testid="audit-range" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="audit-apply">
          {t('filter.apply')}
        </Button>
      </Form>
      <Table<AdminAuditRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.data ?? []}
        data-testid="audit-table"
        expandable={{ expandedRowRender: (row) => <Detail row={row} />, rowExpandable: () => true }}
        pagination={{ current: page, pageSize: data?.per_page ?? 30, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total) => t('total', { count: total }) }}
        columns={[
          { title: t('col.time'), dataIndex: 'created_at', width: 170 },
          { title: t('col.staff'), dataIndex: 'admin_email', render: (email: string | null, row) => (email ? `${email} (#${row.admin_id})` : <Typography.Text type="secondary">{t('anonymous')}</Typography.Text>) },
          { title: t('col.action'), dataIndex: 'action', render: (a: string) => <Tag color={a.includes('failed') || a.includes('locked') ? 'red' : a.endsWith('.reject') || a.endsWith('.disable') ? 'orange' : 'blue'}>{a}</Tag> },
          { title: t('col.target'), dataIndex: 'target', render: (v: string | null) => v ?? '-' },
          { title: t('col.change'), key: 'change', render: (_, row) => (row.before !== null || row.after !== null ? <Tag color="gold">{t('has_change')}</Tag> : null) },
        ]}
      />
    </Space>
  );
}
