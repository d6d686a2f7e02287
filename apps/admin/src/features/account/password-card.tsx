import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@tp/contracts';
import { call } from '../../lib/api';

interface PasswordForm {
  current_password: string;
  new_password: string;
  repeat: string;
}

/** Changes the own password; the server ends this account's other sessions (its message says so). */
export function PasswordCard() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ current_password, new_password }: PasswordForm) => {
    setBusy(true);
    try {
      await call(endpoints.adminStaff.password, { current_password, new_password }, { announce: true });
      form.resetFields();
    } catch {
      // The client showed the refusal (wrong current password, weak new one).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} style={{ maxWidth: 360 }} data-testid="password-form">
      <Form.Item name="current_password" label={t('password.current')} rules={[{ required: true, message: t('password.current_rule') }]}>
        <Input.Password autoComplete="current-password" data-testid="password-current" />
      </Form.Item>
      <Form.Item name="new_password" label={t('password.new')} extra={t('password.rule')} rules={[{ required: true, min: 8, max: 64, message: t('password.rule') }]}>
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('password.repeat')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('password.repeat_rule') },
          ({ getFieldValue }) => ({ validator: async (_, value) => (value === getFieldValue('new_password') ? undefined : Promise.reject(new Error(t('password.repeat_rule')))) }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-repeat" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
