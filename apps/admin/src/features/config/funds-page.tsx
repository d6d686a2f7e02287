import { useTranslation } from 'react-i18next';
import { endpoints, fundCreateInput, type AdminFund } from '@tp/contracts';
import { call } from '../../lib/api';
import { ConfigTable } from './config-table';
import type { FieldSpec } from './record-form';

const e = endpoints.funds;
const fund = fundCreateInput.shape;
const FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'funds.title_field', kind: 'text', required: true, schema: fund.title },
  { name: 'image', label: 'funds.image', kind: 'text', required: true, schema: fund.image, help: 'common.image_help' },
  { name: 'dividend_percentage', label: 'funds.dividend_percentage', kind: 'decimal', required: true, schema: fund.dividend_percentage, help: 'funds.percent_help' },
  { name: 'staring_sub_amount', label: 'funds.staring_sub_amount', kind: 'decimal', required: true, schema: fund.staring_sub_amount },
  { name: 'max_sub_amount', label: 'funds.max_sub_amount', kind: 'decimal', required: true, schema: fund.max_sub_amount },
  { name: 'lock_dividend_days', label: 'funds.lock_dividend_days', kind: 'int', required: true, schema: fund.lock_dividend_days },
  { name: 'liquidated_damages', label: 'funds.liquidated_damages', kind: 'decimal', required: true, schema: fund.liquidated_damages, help: 'funds.percent_help' },
  { name: 'desc', label: 'funds.desc', kind: 'textarea', schema: fund.desc },
  { name: 'sort', label: 'common.sort', kind: 'int', schema: fund.sort },
  { name: 'enabled', label: 'common.enabled', kind: 'switch' },
];

/** The mining funds users subscribe to. A change applies to new subscriptions; each running one keeps the terms it was bought with. */
export default function FundsPage() {
  const { t } = useTranslation('config');
  return (
    <ConfigTable<AdminFund>
      queryKey="funds"
      title={t('funds.title')}
      testId="funds"
      load={() => call(e.adminFunds, {})}
      save={(id, values) => (id === null ? call(e.createFund, values as never, { announce: true }) : call(e.updateFund, values as never, { pathParams: { id }, announce: true }))}
      emptyRecord={{ enabled: true, image: '/funds/btc.webp', sort: 0 }}
      fields={FIELDS}
      rowTitle={(row) => row.title}
      columns={[
        { title: t('funds.title_field'), dataIndex: 'title' },
        { title: t('funds.dividend_percentage'), dataIndex: 'dividend_percentage', render: (v: string) => `${v}%` },
        { title: t('funds.lock_dividend_days'), dataIndex: 'lock_dividend_days' },
        { title: t('funds.bounds'), key: 'bounds', render: (_, row) => `${row.staring_sub_amount} - ${row.max_sub_amount} ${row.currency_code}` },
        { title: t('funds.liquidated_damages'), dataIndex: 'liquidated_damages', render: (v: string) => `${v}%` },
      ]}
    />
  );
}
