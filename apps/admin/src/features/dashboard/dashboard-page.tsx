import { Alert, Card, Col, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminDashboard } from '@tp/contracts';
import { call } from '../../lib/api';
import { LedgerKind } from '../../components/ledger-kind';
import { formatClock, formatCount, formatFixed, formatDuration, isNegative, trimDecimal } from '../../lib/format';

type SymbolRow = AdminDashboard['symbols'][number];
type JobRow = AdminDashboard['jobs'][number];
type SetAsideRow = AdminDashboard['set_aside'][number];
type HouseDay = AdminDashboard['house_today']['real'];

/** How fresh a feed is: green when ticking, orange when slowing, red when stale (FEED_STALE_MS). */
function FeedTag({ row }: { row: SymbolRow }) {
  const { t } = useTranslation('dashboard');
  if (!row.enabled) return <Tag>{t('feed.disabled')}</Tag>;
  if (!row.market_open) return <Tag>{t('feed.closed', { age: formatDuration(row.tick_age_ms) })}</Tag>;
  if (row.tick_age_ms === null) return <Tag color="red">{t('feed.never')}</Tag>;
  const colour = row.stale ? 'red' : row.tick_age_ms > 5_000 ? 'orange' : 'green';
  return (
    <Tag color={colour} data-testid={`feed-${row.code}`}>
      {row.stale ? t('feed.stale', { age: formatDuration(row.tick_age_ms) }) : formatDuration(row.tick_age_ms)}
    </Tag>
  );
}

function Money({ value, places = 2 }: { value: string | null; places?: number }) {
  return <Typography.Text type={isNegative(value) ? 'danger' : undefined}>{formatFixed(value, places)}</Typography.Text>;
}

function HouseCard({ title, day, testId }: { title: string; day: HouseDay; testId: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={title} size="small" data-testid={testId}>
      <Statistic title={t('house.fees')} value={formatFixed(day.fee_revenue)} suffix="USDT" />
      <Table
        size="small"
        rowKey="kind"
        pagination={false}
        style={{ marginTop: 12 }}
        dataSource={day.by_kind}
        // antd draws an empty table's text in its disabled grey (1.8:1); this one is read
        locale={{ emptyText: <Typography.Text type="secondary">{t('house.none')}</Typography.Text> }}
        columns={[
          { title: t('house.kind'), dataIndex: 'kind', render: (kind: string) => <LedgerKind kind={kind} /> },
          { title: t('house.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => <Money value={v} /> },
        ]}
      />
    </Card>
  );
}

/**
 * The day at a glance: users, the review queues, open interest and the house's exposure per
 * symbol, today's house result (real and demo apart), feed health, the engine and the lags, and the
 * items batch jobs set aside.
 * Polls every 5 s and again when the window regains focus.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { data, error, dataUpdatedAt } = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => call(endpoints.adminOps.dashboard, undefined, { silent: true }),
    refetchInterval: 5_000,
    refetchOnWindowFocus: true,
  });
  const stale = data?.symbols.filter((s) => s.stale) ?? [];
  const late = data?.jobs.filter((j) => j.late_ms > 60_000) ?? [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="dashboard-page">
      <Space align="baseline" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="dashboard-updated">
          {data ? t('updated', { time: data.generated_at, local: formatClock(dataUpdatedAt) }) : t('loading')}
        </Typography.Text>
      </Space>
      {error ? <Alert type="error" showIcon title={t('error')} /> : null}
      {stale.length > 0 ? <Alert type="warning" showIcon title={t('feed.alert', { symbols: stale.map((s) => s.code).join(', ') })} data-testid="stale-alert" /> : null}
      {late.length > 0 ? <Alert type="warning" showIcon title={t('jobs.alert', { jobs: late.map((j) => j.name).join(', ') })} /> : null}
      {data && data.set_aside_total > 0 ? <Alert type="error" showIcon title={t('set_aside.alert', { count: data.set_aside_total })} data-testid="set-aside-alert" /> : null}
      <Row gutter={[16, 16]}>
        <Col span={6}>
          <Card size="small" style={{ height: '100%' }} data-testid="card-users">
            <Statistic title={t('users.total')} value={formatCount(data?.users.total)} />
            <Typography.Text type="secondary">
              {t('users.split', { real: formatCount(data?.users.real), demo: formatCount(data?.users.demo), today: formatCount(data?.users.new_today) })}
            </Typography.Text>
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" style={{ height: '100%' }} data-testid="card-deposits">
            <Statistic title={t('queues.deposits')} value={formatCount(data?.deposits_waiting.count)} />
            <Typography.Text type="secondary">{t('queues.sum', { sum: formatFixed(data?.deposits_waiting.sum) })}</Typography.Text>
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" style={{ height: '100%' }} data-testid="card-withdrawals">
            <Statistic title={t('queues.withdrawals')} value={formatCount(data?.withdrawals_waiting.count)} />
            <Typography.Text type="secondary">{t('queues.sum', { sum: formatFixed(data?.withdrawals_waiting.sum) })}</Typography.Text>
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" style={{ height: '100%' }} data-testid="card-engine">
            <Statistic title={t('engine.leader')} value={data?.engine.leader?.name ?? t('engine.none')} styles={{ content: { fontSize: 18 } }} />
            <Typography.Text type="secondary">
              {t('engine.this_node', { node: data?.engine.this_node.node ?? '-', role: data ? t(`engine.role.${data.engine.this_node.role}`, { defaultValue: data.engine.this_node.role }) : '-' })}
            </Typography.Text>
            <br />
            <Typography.Text type={data?.event_lag_ms && data.event_lag_ms > 5_000 ? 'warning' : 'secondary'}>
              {t('engine.event_lag', { lag: data?.event_lag_ms === null ? t('engine.no_lag') : formatDuration(data?.event_lag_ms) })}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col span={12}>{data ? <HouseCard title={t('house.real')} day={data.house_today.real} testId="house-real" /> : null}</Col>
        <Col span={12}>{data ? <HouseCard title={t('house.demo')} day={data.house_today.demo} testId="house-demo" /> : null}</Col>
      </Row>
      <Card title={t('symbols.title')} size="small">
        <Table<SymbolRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data?.symbols ?? []}
          loading={!data && !error}
          data-testid="symbols-table"
          columns={[
            { title: t('symbols.code'), dataIndex: 'code', render: (code: string) => <Typography.Text strong>{code}</Typography.Text> },
            { title: t('symbols.price'), dataIndex: 'last_price', align: 'right', render: (v: string | null) => trimDecimal(v) },
            { title: t('symbols.feed'), key: 'feed', render: (_, row) => <FeedTag row={row} /> },
            { title: t('symbols.buy'), dataIndex: 'buy_lots', align: 'right', render: trimDecimal },
            { title: t('symbols.sell'), dataIndex: 'sell_lots', align: 'right', render: trimDecimal },
            { title: t('symbols.positions'), dataIndex: 'positions', align: 'right', render: formatCount },
            { title: t('symbols.demo_positions'), dataIndex: 'demo_positions', align: 'right', render: formatCount },
            { title: t('symbols.exposure'), dataIndex: 'house_exposure', align: 'right', render: (v: string | null) => <Money value={v} /> },
          ]}
        />
      </Card>
      <Card title={t('jobs.title')} size="small">
        <Table<JobRow>
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={data?.jobs ?? []}
          locale={{ emptyText: <Typography.Text type="secondary">{t('jobs.none')}</Typography.Text> }}
          columns={[
            { title: t('jobs.name'), dataIndex: 'name', render: (n: string) => <Typography.Text code>{n}</Typography.Text> },
            { title: t('jobs.period'), dataIndex: 'period_ms', render: formatDuration },
            { title: t('jobs.last'), dataIndex: 'last_finished_at' },
            { title: t('jobs.next'), dataIndex: 'next_due_at', render: (v: string | null) => v ?? '-' },
            { title: t('jobs.late'), dataIndex: 'late_ms', align: 'right', render: (ms: number) => <Tag color={ms > 60_000 ? 'red' : ms > 5_000 ? 'orange' : 'green'}>{formatDuration(ms)}</Tag> },
          ]}
        />
      </Card>
      <Card title={t('set_aside.title')} size="small" extra={<Typography.Text type="secondary">{t('set_aside.explain')}</Typography.Text>}>
        <Table<SetAsideRow>
          size="small"
          rowKey={(r) => `${r.job}|${r.item}`}
          pagination={false}
          dataSource={data?.set_aside ?? []}
          loading={!data && !error}
          data-testid="set-aside-table"
          locale={{ emptyText: <Typography.Text type="secondary">{t('set_aside.none')}</Typography.Text> }}
          columns={[
            { title: t('set_aside.job'), dataIndex: 'job', render: (n: string) => <Typography.Text code>{n}</Typography.Text> },
            { title: t('set_aside.item'), dataIndex: 'item' },
            { title: t('set_aside.reason'), dataIndex: 'reason', render: (r: string) => <Typography.Text type="danger">{r}</Typography.Text> },
            { title: t('set_aside.attempts'), dataIndex: 'attempts', align: 'right', render: formatCount },
            { title: t('set_aside.first'), dataIndex: 'first_at' },
            { title: t('set_aside.last'), dataIndex: 'last_at' },
          ]}
        />
      </Card>
      <Typography.Text type="secondary">{t('note')}</Typography.Text>
    </Space>
  );
}
