import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpoints, leverageListField, symbolUpdateInput, type AdminSymbol } from '@tp/contracts';
import { call } from '../../lib/api';
import { ConfigTable } from './config-table';
import type { FieldSpec } from './record-form';


/** The editable fields of a symbol, each checked with the contracts' schema. */
const FIELDS: readonly FieldSpec[] = [
  { name: 'enabled', label: 'symbols.enabled', kind: 'switch', help: 'symbols.enabled_help' },
  { name: 'spread', label: 'symbols.spread', kind: 'decimal', required: true, schema: fieldSchema('spread'), help: 'symbols.spread_help' },
  { name: 'fee_rate', label: 'symbols.fee_rate', kind: 'decimal', required: true, schema: fieldSchema('fee_rate'), help: 'symbols.fee_rate_help' },
  { name: 'leverages', label: 'symbols.leverages', kind: 'tags', schema: leverageListField, help: 'symbols.leverages_help' },
  { name: 'min_cont', label: 'symbols.min_cont', kind: 'decimal', required: true, schema: fieldSchema('min_cont') },
  { name: 'max_cont', label: 'symbols.max_cont', kind: 'decimal', schema: fieldSchema('max_cont'), help: 'symbols.max_cont_help' },
  {
    name: 'schedule',
    label: 'symbols.schedule',
    kind: 'select',
    options: [
      { value: 'forex', label: 'symbols.schedule_forex' },
      { value: 'always', label: 'symbols.schedule_always' },
    ],
  },
];

/** One field's schema out of the symbol change input (an object refined as a whole). */
function fieldSchema(name: keyof AdminSymbol & keyof (typeof symbolUpdateInput)['shape']) {
  return symbolUpdateInput.shape[name];
}

export default function SymbolsPage() {
  const { t } = useTranslation('config');
  return (
    <ConfigTable<AdminSymbol>
      queryKey="symbols"
      title={t('symbols.title')}
      testId="symbols"
      load={() => call(endpoints.adminConfig.symbols, {})}
      save={(id, values) => call(endpoints.adminConfig.updateSymbol, { ...values, max_cont: values.max_cont === '' ? null : values.max_cont } as never, { pathParams: { id: id! }, announce: true })}
      fields={FIELDS}
      rowTitle={(row) => row.show_code}
      confirmOff={(row) => (row.open_orders + row.running_options > 0 ? t('symbols.confirm_off', { orders: row.open_orders, options: row.running_options }) : null)}
      columns={[
        { title: t('symbols.code'), dataIndex: 'show_code', render: (v: string, row) => <span data-testid={`symbol-${row.code}`}>{v}</span>, sorter: (a, b) => a.code.localeCompare(b.code) },
        { title: t('symbols.category'), dataIndex: 'category_code', render: (v: string) => t(`symbols.category_${v}`, { defaultValue: v }) },
        { title: t('symbols.spread'), dataIndex: 'spread', align: 'right', render: (v: string, row) => <span data-testid={`symbol-spread-${row.code}`}>{v}</span> },
        { title: t('symbols.fee_rate'), dataIndex: 'fee_rate', align: 'right' },
        { title: t('symbols.leverages'), dataIndex: 'leverages', render: (v: number[]) => (v.length ? v.map((x) => <Tag key={x}>{t('symbols.leverage_value', { value: x })}</Tag>) : <Tag>{t('symbols.no_leverage')}</Tag>) },
        { title: t('symbols.lots'), key: 'lots', render: (_, row) => `${row.min_cont} – ${row.max_cont ?? '∞'}` },
        { title: t('symbols.schedule'), dataIndex: 'schedule', render: (v: string) => t(`symbols.schedule_${v}`) },
        {
          title: t('symbols.open'),
          key: 'open',
          align: 'right',
          render: (_, row) => <span title={t('symbols.open_help')}>{t('symbols.open_value', { orders: row.open_orders, options: row.running_options })}</span>,
        },
      ]}
    />
  );
}
