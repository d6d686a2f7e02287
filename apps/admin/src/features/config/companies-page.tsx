import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyCreateInput, endpoints, type AdminCompany } from '@tp/contracts';
import { call } from '../../lib/api';
import { ConfigTable } from './config-table';
import type { FieldSpec } from './record-form';

const e = endpoints.adminConfig;
const company = companyCreateInput.shape;
const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'companies.name', kind: 'text', required: true, schema: company.name },
  { name: 'subject', label: 'companies.subject', kind: 'text', schema: company.subject },
  { name: 'registered_address', label: 'companies.registered_address', kind: 'text', schema: company.registered_address },
  { name: 'location', label: 'companies.location', kind: 'text', schema: company.location },
  { name: 'email', label: 'companies.email', kind: 'text', schema: company.email },
  { name: 'url', label: 'companies.url', kind: 'text', schema: company.url },
  { name: 'logo', label: 'companies.logo', kind: 'text', schema: company.logo, help: 'common.image_help' },
  { name: 'is_main', label: 'companies.is_main', kind: 'switch', help: 'companies.is_main_help' },
  { name: 'enabled', label: 'common.enabled', kind: 'switch' },
];

/** The companies the app names (the main one is the platform's own; the others are found by search). */
export default function CompaniesPage() {
  const { t } = useTranslation('config');
  return (
    <ConfigTable<AdminCompany>
      queryKey="companies"
      title={t('companies.title')}
      testId="companies"
      load={() => call(e.companies, {})}
      save={(id, values) => (id === null ? call(e.createCompany, values as never, { announce: true }) : call(e.updateCompany, values as never, { pathParams: { id }, announce: true }))}
      emptyRecord={{ enabled: true, is_main: false }}
      fields={FIELDS}
      columns={[
        { title: t('companies.name'), dataIndex: 'name', render: (v: string, row) => (row.is_main ? <>{v} <Tag color="blue">{t('companies.main')}</Tag></> : v) },
        { title: t('companies.location'), dataIndex: 'location' },
        { title: t('companies.email'), dataIndex: 'email' },
        { title: t('companies.url'), dataIndex: 'url' },
      ]}
    />
  );
}
