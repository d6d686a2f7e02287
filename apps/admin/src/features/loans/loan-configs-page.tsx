import { useState } from 'react';
import { Button, Card, Form, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminLoanConfig } from '@tp/contracts';
import { call } from '../../lib/api';

const e = endpoints.adminLoans;
const QUERY_KEY = ['loan-configs'] as const;

/** Rates are daily fractions on the wire; staff read them as percent a day. */
const pct = (rate: string) => `${(Number(rate) * 100).toFixed(4).replace(/\.?0+$/, '')} %`;

interface FormValues {
  loan_period: number;
  min_amount: string;
  max_amount: string;
  interest_rate: string;
  free_period: number;
  penalty_rate: string;
  sort: number;
  enabled: boolean;
}

/**
 * The loan terms users choose from. A change applies to new applications only: a signed loan keeps
 * the numbers it was signed with.
 */
export function LoanConfigsPage() {
  const { t } = useTranslation('loans');
  const client = useQueryClient();
  const list = useQuery({ queryKey: QUERY_KEY, queryFn: () => call(e.configs, {}) });
  const [editing, setEditing] = useState<{ id: number | null; initial: Partial<FormValues> } | null>(null);
  const [form] = Form.useForm<FormValues>();
  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: FormValues }) => {
      const body = { ...values, min_amount: String(values.min_amount), max_amount: String(values.max_amount), interest_rate: String(values.interest_rate), penalty_rate: String(values.penalty_rate) };
      return id === null ? call(e.createConfig, body, { announce: true }) : call(e.updateConfig, body, { pathParams: { id }, announce: true });
    },
    onSuccess: async () => {
      setEditing(null);
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  const toggle = useMutation({
    mutationFn: (row: AdminLoanConfig) => call(e.updateConfig, { enabled: !row.enabled }, { pathParams: { id: row.id }, announce: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_KEY }),
  });

  const open = (row: AdminLoanConfig | null) => {
    const initial: Partial<FormValues> = row ? { ...row } : { free_period: 0, sort: 0, enabled: true, penalty_rate: '0.0025' };
    form.resetFields();
    form.setFieldsValue(initial);
    setEditing({ id: row?.id ?? null, initial });
  };

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="loan-config-add">
          {t('add')}
        </Button>
      }
      data-testid="loan-configs"
    >
      <p>{t('hint')}</p>
      <Table<AdminLoanConfig>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('fields.id'), dataIndex: 'id' },
          { title: t('fields.loan_period'), dataIndex: 'loan_period', align: 'right' },
          { title: t('fields.min_amount'), dataIndex: 'min_amount', align: 'right' },
          { title: t('fields.max_amount'), dataIndex: 'max_amount', align: 'right' },
          { title: t('fields.interest_rate'), dataIndex: 'interest_rate', align: 'right', render: (v: string) => pct(v) },
          { title: t('fields.free_period'), dataIndex: 'free_period', align: 'right' },
          { title: t('fields.penalty_rate'), dataIndex: 'penalty_rate', align: 'right', render: (v: string) => pct(v) },
          { title: t('fields.sort'), dataIndex: 'sort', align: 'right' },
          {
            title: t('fields.enabled'),
            dataIndex: 'enabled',
            render: (_: boolean, row) => <Switch checked={row.enabled} aria-label={`${t('fields.enabled')}: #${row.id}`} loading={toggle.isPending && toggle.variables?.id === row.id} onChange={() => toggle.mutate(row)} data-testid={`loan-config-enabled-${row.id}`} />,
          },
          {
            title: '',
            key: 'edit',
            render: (_: unknown, row) => (
              <Button size="small" onClick={() => open(row)} data-testid={`loan-config-edit-${row.id}`}>
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      {list.isError ? <Tag color="red">{t('load_failed')}</Tag> : null}
      <Modal
        open={editing !== null}
        title={editing?.id ? t('edit_title', { id: editing.id }) : t('add')}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((values) => save.mutate({ id: editing?.id ?? null, values }))}
        confirmLoading={save.isPending}
        okText={t('save')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="loan-config-form">
          <Form.Item name="loan_period" label={t('fields.loan_period')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="min_amount" label={t('fields.min_amount')} rules={[{ required: true }]}>
            <InputNumber<string> min="0.01" stringMode precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="max_amount" label={t('fields.max_amount')} rules={[{ required: true }]}>
            <InputNumber<string> min="0.01" stringMode precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="interest_rate" label={t('fields.interest_rate')} extra={t('rate_help')} rules={[{ required: true }]}>
            <InputNumber<string> min="0" max="0.99999999" step="0.0001" stringMode style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="free_period" label={t('fields.free_period')} rules={[{ required: true }]}>
            <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="penalty_rate" label={t('fields.penalty_rate')} extra={t('rate_help')} rules={[{ required: true }]}>
            <InputNumber<string> min="0" max="0.99999999" step="0.0001" stringMode style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="sort" label={t('fields.sort')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

export default LoanConfigsPage;
