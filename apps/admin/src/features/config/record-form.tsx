import { useEffect } from 'react';
import { Drawer, Form, Input, InputNumber, Select, Space, Switch, Button } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** One field of a configuration form: its label key, its control, and the contracts' schema it must pass. */
export interface FieldSpec {
  name: string;
  /** A key of the `config` namespace. */
  label: string;
  kind: 'text' | 'textarea' | 'decimal' | 'int' | 'switch' | 'select' | 'tags';
  /** The field's schema from contracts: the form refuses what the server would. */
  schema?: z.ZodType;
  options?: readonly { value: string | number; label: string }[];
  required?: boolean;
  /** Shown only when creating (e.g. an option's seconds, which identify it afterwards). */
  createOnly?: boolean;
  help?: string;
}

/** A form value as the API takes it: trimmed text, numbers for int fields, a sorted unique list for tags. */
export function wireValue(field: FieldSpec, value: unknown): unknown {
  if (field.kind === 'tags') {
    const numbers = ((value as (string | number)[] | undefined) ?? []).map((v) => Number(v));
    // An empty list is left out: the stored one stays (a symbol without leverages keeps none).
    return numbers.length === 0 ? undefined : [...new Set(numbers)].sort((a, b) => a - b);
  }
  if (field.kind === 'int') return value === null || value === undefined || value === '' ? undefined : Number(value);
  if (typeof value === 'string') return value.trim();
  return value;
}

function rulesOf(field: FieldSpec, invalid: string, requiredText: string): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: requiredText });
  const schema = field.schema;
  if (schema) {
    rules.push({
      validator: async (_, value: unknown) => {
        const sent = wireValue(field, value);
        if (sent === undefined || (sent === '' && !field.required)) return;
        const parsed = schema.safeParse(sent);
        if (!parsed.success) throw new Error(invalid);
      },
    });
  }
  return rules;
}

/**
 * A drawer with a configuration form built from field specs. Every field is checked with the
 * contracts' schema before sending; what the server still refuses is shown by the API client's
 * toast with the server's own message, and the drawer stays open with the values as typed.
 */
export function RecordDrawer({
  open,
  title,
  fields,
  initial,
  creating,
  onClose,
  onSubmit,
  busy,
  testId,
}: {
  open: boolean;
  title: string;
  fields: readonly FieldSpec[];
  initial: Record<string, unknown>;
  creating: boolean;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => void;
  busy: boolean;
  testId: string;
}) {
  const { t } = useTranslation('config');
  const [form] = Form.useForm();
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [open, initial, form]);
  const shown = fields.filter((f) => creating || !f.createOnly);
  const submit = (values: Record<string, unknown>) => {
    const sent: Record<string, unknown> = {};
    for (const f of shown) {
      const v = wireValue(f, values[f.name]);
      if (v !== undefined) sent[f.name] = v;
    }
    onSubmit(sent);
  };
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={520}
      destroyOnHidden
      data-testid={testId}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid={`${testId}-save`}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        {shown.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={t(f.label)}
            extra={f.help ? t(f.help) : undefined}
            rules={rulesOf(f, t('common.invalid'), t('common.required'))}
            valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
          >
            {f.kind === 'switch' ? (
              <Switch data-testid={`${testId}-${f.name}`} />
            ) : f.kind === 'select' ? (
              <Select options={f.options?.map((o) => ({ value: o.value, label: t(o.label) }))} data-testid={`${testId}-${f.name}`} />
            ) : f.kind === 'tags' ? (
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} data-testid={`${testId}-${f.name}`} />
            ) : f.kind === 'int' ? (
              <InputNumber precision={0} style={{ width: '100%' }} data-testid={`${testId}-${f.name}`} />
            ) : f.kind === 'textarea' ? (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid={`${testId}-${f.name}`} />
            ) : (
              <Input inputMode={f.kind === 'decimal' ? 'decimal' : undefined} data-testid={`${testId}-${f.name}`} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
