import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointSpec } from '@tp/contracts';
import { DecisionModal, type DecisionKind } from './decision-modal';
import { findDecided, listQueue } from './queue-api';
import type { ItemOf, QueueDefinition, QueueItem, QueueStatus } from './queue-definition';
import { QueueDetail } from './queue-detail';
import { StatusTag } from './status-tag';

/** Keys that do something in a queue; typed into a field they are the field's. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const CONTROL = 'button, a, [tabindex]:not([tabindex="-1"]), [role="button"], [role="radio"], [role="option"], [role="tab"], [role="menuitem"], [role="switch"], [role="checkbox"], [role="combobox"]';
/** Enter and the arrow keys belong to a focused control (a button, the status filter, a link). */
const CONTROL_KEYS = new Set(['Enter', 'ArrowDown', 'ArrowUp']);
function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest(CONTROL) !== null;
}

function statusFrom(value: string | null, statuses: readonly QueueStatus[]): number {
  const n = Number(value);
  return value !== null && statuses.some((s) => s.value === n) ? n : statuses[0]!.value;
}

/**
 * A review queue: the status filter, the paged table, the detail drawer, approve and reject.
 * Keyboard: arrow keys or j / k move the selection (and the open drawer with it), Enter opens,
 * `a` approves, `r` rejects, Esc closes. Filter and page live in the URL (`?status=0&page=2`).
 */
export function ReviewQueue<L extends EndpointSpec>({ definition }: { definition: QueueDefinition<L> }) {
  type Item = ItemOf<L> & QueueItem;
  const { t } = useTranslation('queues');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'), definition.statuses);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const queryKey = useMemo(() => ['queue', definition.key, status, page], [definition.key, status, page]);
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => listQueue<Item>(definition.list, status, page, signal),
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => list.data?.data ?? [], [list.data]);
  const waiting = definition.statuses[0].value;

  const [selected, setSelected] = useState(0);
  const [open, setOpen] = useState<Item | null>(null);
  const [deciding, setDeciding] = useState<{ kind: DecisionKind; item: Item } | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  // A refreshed page replaces the open item with its new state (status, reviewer).
  useEffect(() => {
    setOpen((current) => (current ? (items.find((i) => i.id === current.id) ?? current) : current));
    setSelected((i) => Math.min(i, Math.max(0, items.length - 1)));
  }, [items]);

  const current = open ?? items[selected] ?? null;

  const move = useCallback(
    (by: number) => {
      if (items.length === 0) return;
      const next = Math.min(items.length - 1, Math.max(0, selected + by));
      setSelected(next);
      if (open) setOpen(items[next]!);
      tableRef.current?.querySelector(`[data-row-key="${items[next]!.id}"]`)?.scrollIntoView?.({ block: 'nearest' });
    },
    [items, selected, open],
  );
  const startDecision = useCallback(
    (kind: DecisionKind, item: Item | null) => {
      if (item && item.status === waiting) setDeciding({ kind, item });
    },
    [waiting],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (deciding || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (CONTROL_KEYS.has(e.key) && isControl(e.target)) return;
      const act: Record<string, () => void> = {
        ArrowDown: () => move(1),
        j: () => move(1),
        ArrowUp: () => move(-1),
        k: () => move(-1),
        Enter: () => items[selected] && setOpen(items[selected]!),
        a: () => startDecision('approve', current),
        r: () => startDecision('reject', current),
        Escape: () => setOpen(null),
      };
      const action = act[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deciding, move, items, selected, current, startDecision]);

  const setFilter = (next: { status?: number; page?: number }) => {
    setParams({ status: String(next.status ?? status), page: String(next.page ?? 1) });
    setSelected(0);
    setOpen(null);
  };

  const decided = (item: Item, alreadyDecided: string | null) => {
    setDeciding(null);
    if (alreadyDecided) void message.warning(alreadyDecided);
    void queryClient.invalidateQueries({ queryKey: ['queue', definition.key] });
    // The decided item leaves the waiting list, so the refreshed page cannot update an open drawer:
    // it is read again where it went (approved, rejected...), or the drawer closes.
    const decidedStatuses = definition.statuses.slice(1).map((s) => s.value);
    void findDecided<Item>(definition.list, decidedStatuses, item.id).then((fresh) => setOpen((current) => (current?.id === item.id ? fresh : current)));
  };

  const columns: TableColumnsType<Item> = [
    ...definition.columns.map((f) => ({
      key: f.key,
      title: t(`${definition.key}.fields.${f.key}`),
      render: (_: unknown, item: Item) => f.value(item, t) ?? '',
      onCell: () => ({ style: { whiteSpace: f.wrap ? ('normal' as const) : ('nowrap' as const), wordBreak: 'break-word' as const } }),
    })),
    {
      key: 'status',
      title: t('status.title'),
      render: (_: unknown, item: Item) => <StatusTag status={item.status} statuses={definition.statuses} />,
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(`${definition.key}.title`)}
        </Typography.Title>
        <Segmented
          value={status}
          onChange={(value) => setFilter({ status: Number(value) })}
          options={definition.statuses.map((s) => ({ value: s.value, label: t(`status.${s.key}`) }))}
          data-testid="queue-status-filter"
        />
      </Space>
      <Space size={4} wrap>
        <Typography.Text type="secondary">{t('keyboard_hint')}</Typography.Text>
        {(['move', 'open', 'approve', 'reject', 'close'] as const).map((k) => (
          <Tag key={k} variant="outlined">
            {t(`keys.${k}`)}
          </Tag>
        ))}
      </Space>
      <div ref={tableRef}>
        <Table<Item>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={items}
          rowClassName={(_item, index) => (index === selected ? 'tp-queue-row-selected' : '')}
          onRow={(item, index) => ({
            onClick: () => {
              setSelected(index ?? 0);
              setOpen(item);
            },
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: list.data?.current_page ?? page,
            pageSize: list.data?.per_page ?? 20,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('total', { count: total }),
            onChange: (next) => setFilter({ page: next }),
          }}
          data-testid="queue-table"
        />
      </div>
      <QueueDetail
        definition={definition}
        item={open}
        onClose={() => setOpen(null)}
        onDecide={(kind) => startDecision(kind, open)}
      />
      {deciding ? (
        <DecisionModal
          definition={definition}
          kind={deciding.kind}
          item={deciding.item}
          onClose={() => setDeciding(null)}
          onDecided={({ alreadyDecided }) => decided(deciding.item, alreadyDecided)}
        />
      ) : null}
    </Space>
  );
}
