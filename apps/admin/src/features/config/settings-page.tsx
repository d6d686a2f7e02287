import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, SETTING_DEFINITIONS, settingValueSchema, type SettingDefinition } from '@tp/contracts';
import { call } from '../../lib/api';

const GROUPS = ['trading', 'wallet', 'support', 'registration', 'company', 'content'] as const;

function SettingField({ def }: { def: SettingDefinition }) {
  const { t } = useTranslation('config');
  const schema = settingValueSchema(def);
  return (
    <Form.Item
      name={def.key}
      label={t(`settings.keys.${def.key}.label`, { defaultValue: def.label })}
      extra={t(`settings.keys.${def.key}.help`, { defaultValue: def.help })}
      rules={[
        {
          validator: async (_, value: unknown) => {
            if (!schema.safeParse(typeof value === 'string' ? value.trim() : value).success) throw new Error(t('common.invalid'));
          },
        },
      ]}
    >
      {def.kind.type === 'choice' ? (
        <Select
          options={def.kind.options.map((o) => ({ value: o.value, label: t(`settings.keys.${def.key}.options.${o.value}`, { defaultValue: o.label }) }))}
          data-testid={`setting-${def.key}`}
        />
      ) : (
        <Input data-testid={`setting-${def.key}`} inputMode={def.kind.type === 'decimal' ? 'decimal' : undefined} />
      )}
    </Form.Item>
  );
}

/**
 * The base settings, grouped by topic. Saving sends only the values that changed, one PUT per key
 * (each audited on the server); a refused value is shown with the server's message and the rest
 * of the form stays as typed.
 */
export default function SettingsPage() {
  const { t } = useTranslation('config');
  const client = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const settings = useQuery({ queryKey: ['config', 'settings'], queryFn: () => call(endpoints.adminConfig.settings, {}) });
  const stored = Object.fromEntries((settings.data ?? []).map((s) => [s.key, s.value]));
  useEffect(() => {
    if (settings.data) form.setFieldsValue(Object.fromEntries(settings.data.map((s) => [s.key, s.value])));
  }, [settings.data, form]);

  const save = async (values: Record<string, string>) => {
    setBusy(true);
    try {
      for (const def of SETTING_DEFINITIONS) {
        const value = (values[def.key] ?? '').trim();
        if (value === (stored[def.key] ?? '')) continue;
        await call(endpoints.adminConfig.updateSetting, { value }, { pathParams: { key: def.key }, announce: true });
      }
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: ['config', 'settings'] });
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={settings.isLoading} data-testid="settings-form" data-state={settings.isSuccess && !settings.isFetching ? 'ready' : 'loading'}>
      <Row gutter={[16, 16]}>
        {GROUPS.map((group) => (
          <Col key={group} xs={24} xl={12}>
            <Card title={t(`settings.groups.${group}`)} style={{ height: '100%' }}>
              {SETTING_DEFINITIONS.filter((d) => d.group === group).map((def) => (
                <SettingField key={def.key} def={def} />
              ))}
            </Card>
          </Col>
        ))}
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="settings-save">
          {t('common.save')}
        </Button>
        <Button onClick={() => form.setFieldsValue(stored)}>{t('common.reset')}</Button>
      </Space>
    </Form>
  );
}
