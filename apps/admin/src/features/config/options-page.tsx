import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountPresetCreateInput, endpoints, secondsOptionCreateInput, type AdminAmountPreset, type AdminSecondsOption } from '@tp/contracts';
import { call } from '../../lib/api';
import { ConfigTable } from './config-table';
import type { FieldSpec } from './record-form';

const option = secondsOptionCreateInput.shape;
const OPTION_FIELDS: readonly FieldSpec[] = [
  { name: 'seconds', label: 'options.seconds', kind: 'int', required: true, createOnly: true, schema: option.seconds, help: 'options.seconds_help' },
  { name: 'profit_ratio', label: 'options.profit_ratio', kind: 'decimal', required: true, schema: option.profit_ratio, help: 'options.profit_ratio_help' },
  { name: 'limit_amount', label: 'options.limit_amount', kind: 'decimal', required: true, schema: option.limit_amount },
  { name: 'sort', label: 'common.sort', kind: 'int', schema: option.sort },
  { name: 'enabled', label: 'common.enabled', kind: 'switch' },
];

const preset = amountPresetCreateInput.shape;
const PRESET_FIELDS: readonly FieldSpec[] = [
  { name: 'amount', label: 'presets.amount', kind: 'decimal', required: true, schema: preset.amount },
  { name: 'sort', label: 'common.sort', kind: 'int', schema: preset.sort },
  { name: 'enabled', label: 'common.enabled', kind: 'switch' },
];

/** Seconds options and amount presets of the option (micro) trade screen. */
export function SecondsOptionsPage() {
  const { t } = useTranslation('config');
  const e = endpoints.adminConfig;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ConfigTable<AdminSecondsOption>
        queryKey="seconds-options"
        title={t('options.title')}
        testId="seconds-options"
        load={() => call(e.secondsOptions, {})}
        save={(id, values) =>
          id === null ? call(e.createSecondsOption, values as never, { announce: true }) : call(e.updateSecondsOption, values as never, { pathParams: { id }, announce: true })
        }
        emptyRecord={{ enabled: true, sort: 0 }}
        fields={OPTION_FIELDS}
        columns={[
          { title: t('options.seconds'), dataIndex: 'seconds', render: (v: number) => t('options.seconds_value', { count: v }) },
          { title: t('options.profit_ratio'), dataIndex: 'profit_ratio', align: 'right', render: (v: string) => `${v} (${(Number(v) * 100).toFixed(2).replace(/\.?0+$/, '')} %)` },
          { title: t('options.limit_amount'), dataIndex: 'limit_amount', align: 'right' },
          { title: t('common.sort'), dataIndex: 'sort', align: 'right' },
        ]}
      />
      <ConfigTable<AdminAmountPreset>
        queryKey="amount-presets"
        title={t('presets.title')}
        testId="amount-presets"
        load={() => call(e.amountPresets, {})}
        save={(id, values) =>
          id === null ? call(e.createAmountPreset, values as never, { announce: true }) : call(e.updateAmountPreset, values as never, { pathParams: { id }, announce: true })
        }
        emptyRecord={{ enabled: true, sort: 0 }}
        fields={PRESET_FIELDS}
        columns={[
          { title: t('presets.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('common.sort'), dataIndex: 'sort', align: 'right' },
        ]}
      />
    </Space>
  );
}

export default SecondsOptionsPage;
