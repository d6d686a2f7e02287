import type { HTMLAttributes } from 'react';
import { Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminUserRow } from '@tp/contracts';
import { call } from '../../lib/api';
import { StatusTag } from './status-tag';

type Kind = 'all' | 'real' | 'demo';

/**
 * The user search: an e-mail part, an exact uid or an exact invite code; demo or real. The query
 * lives in the address (`#/users?q=...&kind=...&page=...`), so going back from a user's page
 * returns to the same list.
 */
export function UserSearch() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kind = (params.get('kind') as Kind | null) ?? 'all';
  const page = Number(params.get('page') ?? '1') || 1;
  const set = (next: { q?: string; kind?: Kind; page?: number }) => {
    const merged = { q, kind, page, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.kind !== 'all') out.set('kind', merged.kind);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'users', q, kind, page],
    queryFn: () => call(endpoints.adminUsers.search, { q: q || undefined, demo: kind === 'all' ? undefined : kind === 'demo' ? 1 : 0, page }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="users-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Space wrap>
        <Input.Search
          allowClear
          defaultValue={q}
          placeholder={t('search.placeholder')}
          enterButton={t('search.button')}
          onSearch={(value) => set({ q: value.trim(), page: 1 })}
          style={{ width: 460 }}
          data-testid="user-search"
        />
        <Segmented<Kind>
          value={kind}
          onChange={(value) => set({ kind: value, page: 1 })}
          options={[
            { value: 'all', label: t('kind.all') },
            { value: 'real', label: t('kind.real') },
            { value: 'demo', label: t('kind.demo') },
          ]}
          data-testid="user-kind"
        />
      </Space>
      <Table<AdminUserRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.data ?? []}
        onRow={(row) => ({ onClick: () => navigate(`/users/${row.id}`), style: { cursor: 'pointer' }, 'data-testid': `user-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: data?.per_page ?? 20, total: data?.total ?? 0, showSizeChanger: false, onChange: (p) => set({ page: p }), showTotal: (total) => t('total', { total }) }}
        columns={[
          { title: t('col.id'), dataIndex: 'id', width: 80 },
          { title: t('col.uid'), dataIndex: 'uid', render: (uid: string) => <Typography.Text code>{uid}</Typography.Text> },
          {
            title: t('col.email'),
            dataIndex: 'email',
            // A sample trader has no e-mail either, but is no demo visitor.
            render: (email: string | null, row: { is_sample: boolean }) => email ?? <Typography.Text type="secondary">{t(row.is_sample ? 'no_email_sample' : 'no_email')}</Typography.Text>,
          },
          { title: t('col.invite_code'), dataIndex: 'invite_code' },
          {
            title: t('col.kind'),
            dataIndex: 'is_demo',
            render: (demo: boolean, row: { is_sample: boolean }) => (
              <>
                <Tag color={demo ? 'purple' : 'blue'}>{t(demo ? 'kind.demo' : 'kind.real')}</Tag>
                {row.is_sample ? (
                  <Tag color="gold" data-testid="user-sample">
                    {t('kind.sample')}
                  </Tag>
                ) : null}
              </>
            ),
          },
          { title: t('col.status'), dataIndex: 'status', render: (status: number) => <StatusTag status={status} /> },
          { title: t('col.created'), dataIndex: 'created_at' },
        ]}
      />
    </Space>
  );
}
