import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Popconfirm, Progress, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, LogoutOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminStatementRow, type AdminUserDetail, type EndpointData } from '@tp/contracts';
import { LedgerKind } from '../../components/ledger-kind';
import { call } from '../../lib/api';
import { formatFixed, isNegative, trimDecimal } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { PagedTab } from './paged-tab';
import { StatusTag } from './status-tag';
import { downloadText, fetchWholeStatement, statementCsv } from './statement-csv';

type RowOf<E extends keyof typeof endpoints.adminUsers> = EndpointData<(typeof endpoints.adminUsers)[E]> extends { data: (infer R)[] } ? R : never;

const ACCOUNT_TYPE_KEYS: Record<number, string> = { 1: 'account.funding', 2: 'account.options', 3: 'account.contract' };

function Amount({ value, places = 2 }: { value: string | null; places?: number }) {
  return <Typography.Text type={isNegative(value) ? 'danger' : undefined}>{formatFixed(value, places)}</Typography.Text>;
}

/** Disable or enable login and end all sessions: admins only (the server checks it too), each after a confirmation. */
function LoginActions({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (name: 'disable' | 'enable' | 'endSessions') => {
    setBusy(name);
    try {
      await call(endpoints.adminUsers[name], undefined, { pathParams: { id: user.id }, announce: true });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'user', user.id] });
    } catch {
      // The refusal was shown by the client.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space>
      <Popconfirm title={t('actions.end_confirm')} okText={t('actions.end')} cancelText={t('actions.cancel')} onConfirm={() => act('endSessions')}>
        <Button icon={<LogoutOutlined />} loading={busy === 'endSessions'} data-testid="end-sessions">
          {t('actions.end')}
        </Button>
      </Popconfirm>
      {user.status === 1 ? (
        <Popconfirm title={t('actions.disable_confirm')} okText={t('actions.disable')} okButtonProps={{ danger: true }} cancelText={t('actions.cancel')} onConfirm={() => act('disable')}>
          <Button danger icon={<StopOutlined />} loading={busy === 'disable'} data-testid="disable-user">
            {t('actions.disable')}
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm title={t('actions.enable_confirm')} okText={t('actions.enable')} cancelText={t('actions.cancel')} onConfirm={() => act('enable')}>
          <Button icon={<CheckCircleOutlined />} loading={busy === 'enable'} data-testid="enable-user">
            {t('actions.enable')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** The whole statement as a CSV file, fetched page by page (1000 postings a request). */
function ExportCsv({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('users');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const run = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await fetchWholeStatement(user.id, (done, total) => setProgress({ done, total }));
      downloadText(`statement-${user.uid}.csv`, statementCsv(rows));
    } catch {
      // The refusal or network error was shown by the client.
    } finally {
      setProgress(null);
    }
  };
  return (
    <Space>
      <Button icon={<DownloadOutlined />} onClick={() => void run()} loading={progress !== null} data-testid="export-csv">
        {t('statement.export')}
      </Button>
      {progress && progress.total > 0 ? <Progress percent={Math.round((progress.done / progress.total) * 100)} size="small" style={{ width: 160 }} /> : null}
    </Space>
  );
}

/** A user's page: profile, balances and the tabs of everything the user did; admins may stop the login. */
export function UserDetail() {
  const { t } = useTranslation('users');
  const id = Number(useParams().id);
  const role = useSession((s) => s.staff?.role);
  const { data: user, error } = useQuery({
    queryKey: ['admin', 'user', id, 'profile'],
    queryFn: () => call(endpoints.adminUsers.user, undefined, { pathParams: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const back = (
    <Link to="/users">
      <ArrowLeftOutlined /> {t('back')}
    </Link>
  );
  if (error) return <Space orientation="vertical">{back}<Alert type="error" showIcon title={t('not_found')} /></Space>;
  if (!user) return <Card loading />;
  const tabs = [
    {
      key: 'accounts',
      label: t('tabs.accounts'),
      children: (
        <Table
          size="small"
          rowKey="account_type_id"
          pagination={false}
          dataSource={user.accounts}
          data-testid="accounts-table"
          columns={[
            { title: t('account.type'), dataIndex: 'account_type_id', render: (type: number) => t(ACCOUNT_TYPE_KEYS[type] ?? 'account.other') },
            { title: t('account.currency'), dataIndex: 'currency' },
            { title: t('account.available'), dataIndex: 'available', align: 'right', render: (v: string) => <Amount value={v} places={8} /> },
            { title: t('account.locked'), dataIndex: 'locked', align: 'right', render: (v: string) => <Amount value={v} places={8} /> },
          ]}
        />
      ),
    },
    {
      key: 'statement',
      label: t('tabs.statement'),
      children: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <ExportCsv user={user} />
          <PagedTab<AdminStatementRow>
            queryKey={['admin', 'user', user.id, 'statement']}
            fetchPage={(page) => call(endpoints.adminUsers.statement, { page, per_page: 50 }, { pathParams: { id: user.id } })}
            rowKey="posting_id"
            testId="statement-table"
            columns={[
              { title: t('statement.time'), dataIndex: 'created_at', width: 170 },
              { title: t('statement.kind'), dataIndex: 'kind', render: (k: string) => <LedgerKind kind={k} /> },
              { title: t('statement.memo'), dataIndex: 'memo' },
              { title: t('statement.reference'), dataIndex: 'reference', render: (r: string | null) => r ?? '-' },
              { title: t('statement.account'), dataIndex: 'account_type_id', render: (type: number) => t(ACCOUNT_TYPE_KEYS[type] ?? 'account.other') },
              { title: t('statement.bucket'), dataIndex: 'bucket', render: (b: string) => <Tag color={b === 'held' ? 'orange' : 'default'}>{t(`statement.bucket_${b}`, { defaultValue: b })}</Tag> },
              { title: t('statement.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Amount value={v} places={8} /> },
              { title: t('statement.balance_after'), dataIndex: 'balance_after', align: 'right', render: (v: string) => <Amount value={v} places={8} /> },
            ]}
          />
        </Space>
      ),
    },
    {
      key: 'forex',
      label: t('tabs.forex', { count: user.counts.forex_orders }),
      children: (
        <PagedTab<RowOf<'forexOrders'>>
          queryKey={['admin', 'user', user.id, 'forexOrders']}
          fetchPage={(page) => call(endpoints.adminUsers.forexOrders, { page }, { pathParams: { id: user.id } })}
          rowKey="id"
          testId="forex-table"
          columns={[
            { title: t('col.id'), dataIndex: 'id' },
            { title: t('forex.symbol'), dataIndex: 'symbol' },
            { title: t('forex.side'), dataIndex: 'order_type', render: (s: number) => <Tag color={s === 1 ? 'green' : 'red'}>{t(s === 1 ? 'forex.buy' : 'forex.sell')}</Tag> },
            { title: t('forex.status'), dataIndex: 'status', render: (s: number) => t(`forex.status_${s}`) },
            { title: t('forex.lots'), dataIndex: 'quantity', align: 'right', render: trimDecimal },
            { title: t('forex.price'), dataIndex: 'price', align: 'right', render: trimDecimal },
            { title: t('forex.close_price'), dataIndex: 'update_price', align: 'right', render: trimDecimal },
            { title: t('forex.margin'), dataIndex: 'caution_money', align: 'right', render: (v: string) => formatFixed(v) },
            { title: t('forex.fee'), dataIndex: 'trade_fee', align: 'right', render: (v: string) => formatFixed(v, 4) },
            { title: t('forex.profit'), dataIndex: 'fact_profits', align: 'right', render: (v: string | null) => <Amount value={v} /> },
            { title: t('forex.demo'), dataIndex: 'is_demo', render: (d: boolean) => (d ? <Tag color="purple">{t('kind.demo')}</Tag> : null) },
            { title: t('forex.opened'), dataIndex: 'created_at' },
            { title: t('forex.closed'), dataIndex: 'closed_at', render: (v: string | null) => v ?? '-' },
          ]}
        />
      ),
    },
    {
      key: 'options',
      label: t('tabs.options', { count: user.counts.options }),
      children: (
        <PagedTab<RowOf<'options'>>
          queryKey={['admin', 'user', user.id, 'options']}
          fetchPage={(page) => call(endpoints.adminUsers.options, { page }, { pathParams: { id: user.id } })}
          rowKey="id"
          testId="options-table"
          columns={[
            { title: t('col.id'), dataIndex: 'id' },
            { title: t('forex.symbol'), dataIndex: 'symbol' },
            { title: t('options.direction'), dataIndex: 'type', render: (d: number) => <Tag color={d === 1 ? 'green' : 'red'}>{t(d === 1 ? 'options.up' : 'options.down')}</Tag> },
            { title: t('options.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatFixed(v) },
            { title: t('options.seconds'), dataIndex: 'seconds', align: 'right' },
            { title: t('options.open'), dataIndex: 'open_price', align: 'right', render: trimDecimal },
            { title: t('options.end'), dataIndex: 'end_price', align: 'right', render: trimDecimal },
            { title: t('forex.profit'), dataIndex: 'fact_profits', align: 'right', render: (v: string | null) => <Amount value={v} /> },
            { title: t('forex.status'), dataIndex: 'status', render: (s: number) => t(s === 1 ? 'options.running' : 'options.settled') },
            { title: t('forex.opened'), dataIndex: 'created_at' },
          ]}
        />
      ),
    },
    {
      key: 'deposits',
      label: t('tabs.deposits', { count: user.counts.deposits }),
      children: (
        <PagedTab<RowOf<'deposits'>>
          queryKey={['admin', 'user', user.id, 'deposits']}
          fetchPage={(page) => call(endpoints.adminUsers.deposits, { page }, { pathParams: { id: user.id } })}
          rowKey="id"
          testId="deposits-table"
          columns={[
            { title: t('col.id'), dataIndex: 'id' },
            { title: t('money.channel'), dataIndex: 'type', render: (type: number) => t(type === 1 ? 'money.bank' : 'money.coin') },
            { title: t('money.amount'), dataIndex: 'number', align: 'right', render: (v: string) => formatFixed(v) },
            { title: t('account.currency'), dataIndex: 'currency_code' },
            { title: t('money.status'), dataIndex: 'status', render: (s: number) => t(`money.deposit_${s}`) },
            { title: t('money.remark'), dataIndex: 'remark' },
            { title: t('money.created'), dataIndex: 'created_at' },
            { title: t('money.reviewed'), dataIndex: 'reviewed_at', render: (v: string | null) => v ?? '-' },
          ]}
        />
      ),
    },
    {
      key: 'withdrawals',
      label: t('tabs.withdrawals', { count: user.counts.withdrawals }),
      children: (
        <PagedTab<RowOf<'withdrawals'>>
          queryKey={['admin', 'user', user.id, 'withdrawals']}
          fetchPage={(page) => call(endpoints.adminUsers.withdrawals, { page }, { pathParams: { id: user.id } })}
          rowKey="id"
          testId="withdrawals-table"
          columns={[
            { title: t('col.id'), dataIndex: 'id' },
            { title: t('account.currency'), dataIndex: 'currency_code' },
            { title: t('money.amount'), dataIndex: 'number', align: 'right', render: (v: string) => formatFixed(v) },
            { title: t('money.fee'), dataIndex: 'fee', align: 'right', render: (v: string) => formatFixed(v) },
            { title: t('money.paid_out'), dataIndex: 'real_number', align: 'right', render: (v: string) => formatFixed(v) },
            { title: t('money.status'), dataIndex: 'status', render: (s: number) => t(`money.withdrawal_${s}`) },
            { title: t('money.remark'), dataIndex: 'remark' },
            { title: t('money.created'), dataIndex: 'created_at' },
            { title: t('money.reviewed'), dataIndex: 'reviewed_at', render: (v: string | null) => v ?? '-' },
          ]}
        />
      ),
    },
    {
      key: 'sessions',
      label: t('tabs.sessions', { count: user.counts.live_sessions }),
      children: (
        <PagedTab<RowOf<'sessions'>>
          queryKey={['admin', 'user', user.id, 'sessions']}
          fetchPage={(page) => call(endpoints.adminUsers.sessions, { page }, { pathParams: { id: user.id } })}
          rowKey="id"
          testId="sessions-table"
          columns={[
            { title: t('col.id'), dataIndex: 'id' },
            { title: t('sessions.created'), dataIndex: 'created_at' },
            { title: t('sessions.last_used'), dataIndex: 'last_used_at', render: (v: string | null) => v ?? '-' },
            { title: t('sessions.state'), dataIndex: 'revoked_at', render: (v: string | null) => (v ? <Tag>{t('sessions.revoked', { time: v })}</Tag> : <Tag color="green">{t('sessions.live')}</Tag>) },
          ]}
        />
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="user-page">
      {back}
      <Card
        title={
          <Space>
            <span data-testid="user-title">{user.email ?? t(user.is_sample ? 'sample_title' : 'demo_title', { uid: user.uid })}</span>
            <StatusTag status={user.status} />
            {user.is_demo ? <Tag color="purple">{t('kind.demo')}</Tag> : <Tag color="blue">{t('kind.real')}</Tag>}
          </Space>
        }
        extra={role === 'admin' ? <LoginActions user={user} /> : null}
      >
        <Descriptions size="small" column={4}>
          <Descriptions.Item label={t('col.id')}>{user.id}</Descriptions.Item>
          <Descriptions.Item label={t('col.uid')}>
            <Typography.Text copyable>{user.uid}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.invite_code')}>
            <Typography.Text copyable>{user.invite_code}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.inviter')}>
            {user.inviter ? <Link to={`/users/${user.inviter.id}`}>{user.inviter.email ?? user.inviter.uid}</Link> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.trader')}>
            {t(user.is_trader ? 'yes' : 'no')}
            {user.is_sample ? (
              <Tag color="gold" style={{ marginInlineStart: 8 }} data-testid="user-sample" title={t('kind.sample_help')}>
                {t('kind.sample')}
              </Tag>
            ) : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('col.created')}>{user.created_at}</Descriptions.Item>
          <Descriptions.Item label={t('profile.live_sessions')}>{user.counts.live_sessions}</Descriptions.Item>
          <Descriptions.Item label={t('profile.invitees')}>{user.counts.invitees}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs items={tabs} data-testid="user-tabs" />
      </Card>
    </Space>
  );
}
