import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RecordDrawer, type FieldSpec } from './record-form';

export interface ConfigRow {
  id: number;
  enabled?: boolean;
}

/**
 * A configuration table: the list, an edit drawer per row, a create drawer when the area takes
 * new rows, and an on/off switch per row where rows are retired rather than deleted. Saves go
 * through `save` (a PUT or a POST of contracts); the list is read again after each.
 */
export function ConfigTable<Row extends ConfigRow>({
  queryKey,
  title,
  load,
  columns,
  fields,
  save,
  toggleKey = 'enabled',
  emptyRecord,
  testId,
  extra,
  rowTitle,
  confirmOff,
}: {
  queryKey: string;
  title: string;
  load: () => Promise<Row[]>;
  columns: ColumnsType<Row>;
  fields: readonly FieldSpec[];
  /** id null: create. */
  save: (id: number | null, values: Record<string, unknown>) => Promise<unknown>;
  toggleKey?: 'enabled' | null;
  /** The values a new record starts from; absent: this area takes no new rows. */
  emptyRecord?: Record<string, unknown>;
  testId: string;
  extra?: ReactNode;
  /** What the edit drawer names the row by (e.g. the symbol's code). */
  rowTitle?: (row: Row) => string;
  /** A warning to confirm before a row is switched off (null: switch at once). */
  confirmOff?: (row: Row) => string | null;
}) {
  const { t } = useTranslation('config');
  const client = useQueryClient();
  const { modal } = App.useApp();
  const list = useQuery({ queryKey: ['config', queryKey], queryFn: load });
  const [editing, setEditing] = useState<{ id: number | null; initial: Record<string, unknown>; title?: string } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Record<string, unknown> }) => save(id, values),
    onSuccess: async () => {
      setEditing(null);
      await client.invalidateQueries({ queryKey: ['config', queryKey] });
    },
  });

  const allColumns = useMemo<ColumnsType<Row>>(() => {
    const cols: ColumnsType<Row> = [...columns];
    if (toggleKey) {
      cols.push({
        title: t('common.enabled'),
        key: 'enabled',
        width: 100,
        render: (_, row) => (
          <Switch
            size="small"
            checked={row.enabled}
            loading={mutation.isPending && mutation.variables?.id === row.id}
            onChange={(enabled) => {
              const warning = enabled ? null : (confirmOff?.(row) ?? null);
              if (!warning) return mutation.mutate({ id: row.id, values: { enabled } });
              modal.confirm({ title: rowTitle?.(row), content: warning, okText: t('common.switch_off'), okButtonProps: { danger: true }, onOk: () => mutation.mutate({ id: row.id, values: { enabled } }) });
            }}
            aria-label={`${t('common.enabled')}: ${rowTitle?.(row) ?? `#${row.id}`}`}
            data-testid={`${testId}-toggle-${row.id}`}
          />
        ),
      });
    }
    cols.push({
      title: '',
      key: 'edit',
      width: 90,
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing({ id: row.id, initial: row as unknown as Record<string, unknown>, title: rowTitle?.(row) })} data-testid={`${testId}-edit-${row.id}`}>
          {t('common.edit')}
        </Button>
      ),
    });
    return cols;
  }, [columns, toggleKey, t, mutation, testId, rowTitle, confirmOff, modal]);

  return (
    <Card
      title={title}
      data-state={list.isSuccess && !list.isFetching ? 'ready' : 'loading'}
      extra={
        <>
          {extra}
          {emptyRecord ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, initial: emptyRecord })} data-testid={`${testId}-create`}>
              {t('common.create')}
            </Button>
          ) : null}
        </>
      }
    >
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={allColumns}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        rowClassName={(row) => (row.enabled === false ? 'config-row-off' : '')}
        data-testid={testId}
      />
      <RecordDrawer
        open={editing !== null}
        creating={editing?.id === null}
        title={editing?.id === null ? t('common.create') : editing?.title ? t('common.edit_named', { name: editing.title }) : t('common.edit')}
        fields={fields}
        initial={editing?.initial ?? {}}
        onClose={() => setEditing(null)}
        onSubmit={(values) => editing && mutation.mutate({ id: editing.id, values })}
        busy={mutation.isPending}
        testId={`${testId}-drawer`}
      />
    </Card>
  );
}

/** A row's on/off state as a tag (for tables without a switch). */
export function StateTag({ on, onText, offText }: { on: boolean; onText: string; offText: string }) {
  return <Tag color={on ? 'green' : 'default'}>{on ? onText : offText}</Tag>;
}
