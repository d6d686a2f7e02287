import { Table, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** A value flattened to `path -> text` (nested objects by dotted path), so two versions line up field by field. */
export function flatten(value: unknown, prefix = '', out: Map<string, string> = new Map()): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, '{}');
    for (const [key, v] of entries) flatten(v, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix || value !== null) {
    out.set(prefix || '(value)', value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

export interface DiffRow {
  field: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const a = flatten(before);
  const b = flatten(after);
  const fields = [...new Set([...a.keys(), ...b.keys()])].sort();
  return fields.map((field) => ({ field, before: a.get(field), after: b.get(field), changed: a.get(field) !== b.get(field) }));
}

/** Before and after of a change, field by field; changed fields are marked, unchanged ones dimmed. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('audit');
  const { token } = theme.useToken();
  const rows = diffRows(before, after);
  return (
    <Table<DiffRow>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      data-testid="audit-diff"
      onRow={(row) => ({ style: row.changed ? { background: token.colorWarningBg } : { opacity: 0.6 } })}
      columns={[
        { title: t('diff.field'), dataIndex: 'field', render: (f: string) => <Typography.Text code>{f}</Typography.Text> },
        { title: t('diff.before'), dataIndex: 'before', render: (v: string | undefined) => (v === undefined ? <Typography.Text type="secondary">{t('diff.absent')}</Typography.Text> : <Typography.Text delete={false}>{v}</Typography.Text>) },
        { title: t('diff.after'), dataIndex: 'after', render: (v: string | undefined, row) => (v === undefined ? <Typography.Text type="secondary">{t('diff.absent')}</Typography.Text> : <Typography.Text strong={row.changed}>{v}</Typography.Text>) },
      ]}
    />
  );
}
