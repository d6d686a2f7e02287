import { Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  bankAccountCreateInput,
  bankCoinCreateInput,
  depositAddressCreateInput,
  endpoints,
  type AdminBankAccount,
  type AdminBankCoin,
  type AdminDepositAddress,
} from '@tp/contracts';
import { call } from '../../lib/api';
import { ConfigTable } from './config-table';
import type { FieldSpec } from './record-form';

const e = endpoints.adminConfig;
const address = depositAddressCreateInput.shape;
const ADDRESS_FIELDS: readonly FieldSpec[] = [
  { name: 'currency_code', label: 'deposits.currency', kind: 'text', required: true, schema: address.currency_code },
  { name: 'protocol_code', label: 'deposits.protocol', kind: 'text', required: true, schema: address.protocol_code },
  { name: 'address', label: 'deposits.address', kind: 'text', required: true, schema: address.address },
  { name: 'sort', label: 'common.sort', kind: 'int', schema: address.sort },
  { name: 'enabled', label: 'common.enabled', kind: 'switch' },
];

/** Coin deposit addresses users send to (`/api/quickCharge/info`). */
export function DepositAddressesPage() {
  const { t } = useTranslation('config');
  return (
    <ConfigTable<AdminDepositAddress>
      queryKey="deposit-addresses"
      title={t('deposits.addresses_title')}
      testId="deposit-addresses"
      load={() => call(e.depositAddresses, {})}
      save={(id, values) => (id === null ? call(e.createDepositAddress, values as never, { announce: true }) : call(e.updateDepositAddress, values as never, { pathParams: { id }, announce: true }))}
      emptyRecord={{ enabled: true, sort: 0 }}
      fields={ADDRESS_FIELDS}
      columns={[
        { title: t('deposits.currency'), dataIndex: 'currency_code' },
        { title: t('deposits.protocol'), dataIndex: 'protocol_code' },
        { title: t('deposits.address'), dataIndex: 'address', render: (v: string) => <code>{v}</code> },
        { title: t('common.sort'), dataIndex: 'sort', align: 'right' },
      ]}
    />
  );
}

const coin = bankCoinCreateInput.shape;
const COIN_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'deposits.bank_coin', kind: 'text', required: true, schema: coin.name },
  { name: 'sort', label: 'common.sort', kind: 'int', schema: coin.sort },
  { name: 'enabled', label: 'common.enabled', kind: 'switch' },
];
const account = bankAccountCreateInput.shape;

/** Bank deposit currencies and the collection accounts per currency (`/api/quickCharge/wire_info`). */
export function CollectionAccountsPage() {
  const { t } = useTranslation('config');
  const coins = useQuery({ queryKey: ['config', 'bank-coins'], queryFn: () => call(e.bankCoins, {}) });
  const coinOptions = (coins.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const accountFields: readonly FieldSpec[] = [
    { name: 'bank_coin_id', label: 'deposits.bank_coin', kind: 'select', required: true, options: coinOptions },
    { name: 'bank_name', label: 'deposits.bank_name', kind: 'text', required: true, schema: account.bank_name },
    { name: 'bank_address', label: 'deposits.bank_address', kind: 'text', schema: account.bank_address },
    { name: 'bank_swift', label: 'deposits.bank_swift', kind: 'text', schema: account.bank_swift },
    { name: 'payee_name', label: 'deposits.payee_name', kind: 'text', required: true, schema: account.payee_name },
    { name: 'payee_account', label: 'deposits.payee_account', kind: 'text', required: true, schema: account.payee_account },
    { name: 'bank_remark', label: 'deposits.bank_remark', kind: 'textarea', schema: account.bank_remark },
    { name: 'enabled', label: 'common.enabled', kind: 'switch' },
  ];
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ConfigTable<AdminBankCoin>
        queryKey="bank-coins"
        title={t('deposits.coins_title')}
        testId="bank-coins"
        load={() => call(e.bankCoins, {})}
        save={(id, values) => (id === null ? call(e.createBankCoin, values as never, { announce: true }) : call(e.updateBankCoin, values as never, { pathParams: { id }, announce: true }))}
        emptyRecord={{ enabled: true, sort: 0 }}
        fields={COIN_FIELDS}
        columns={[
          { title: t('deposits.bank_coin'), dataIndex: 'name' },
          { title: t('common.sort'), dataIndex: 'sort', align: 'right' },
        ]}
      />
      <ConfigTable<AdminBankAccount>
        queryKey="bank-accounts"
        title={t('deposits.accounts_title')}
        testId="bank-accounts"
        load={() => call(e.bankAccounts, {})}
        save={(id, values) => (id === null ? call(e.createBankAccount, values as never, { announce: true }) : call(e.updateBankAccount, values as never, { pathParams: { id }, announce: true }))}
        emptyRecord={{ enabled: true, bank_coin_id: coinOptions[0]?.value }}
        fields={accountFields}
        columns={[
          { title: t('deposits.bank_coin'), dataIndex: 'bank_coin' },
          { title: t('deposits.bank_name'), dataIndex: 'bank_name' },
          { title: t('deposits.payee_name'), dataIndex: 'payee_name' },
          { title: t('deposits.payee_account'), dataIndex: 'payee_account', render: (v: string) => <code>{v}</code> },
          { title: t('deposits.bank_swift'), dataIndex: 'bank_swift' },
        ]}
      />
    </Space>
  );
}
