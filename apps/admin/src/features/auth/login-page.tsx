import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@tp/contracts';
import { LanguageSelect, ThemeSwitch } from '../../components/preferences';
import { ApiError, call } from '../../lib/api';
import { useSession } from '../../lib/session-store';

interface Credentials {
  email: string;
  password: string;
}

/**
 * Staff sign-in. A staff member with the second factor on is refused with `totp_required`: the
 * page then asks for the 6-digit code and sends the same e-mail and password again with it.
 * Refusals are shown as the server's message, already in the chosen language.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsCode = credentials !== null;

  const send = async (creds: Credentials, totp?: string) => {
    setBusy(true);
    setError(null);
    try {
      signIn(await call(endpoints.admin.login, { ...creds, totp }, { silent: true }));
    } catch (err) {
      if (err instanceof ApiError && err.errorKey === 'totp_required') setCredentials(creds);
      else setError(err instanceof ApiError ? err.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <Space style={{ position: 'fixed', top: 16, right: 24 }} size="middle">
        <LanguageSelect />
        <ThemeSwitch />
      </Space>
      <Card style={{ width: 380 }} data-testid="login-card">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{needsCode ? t('login.code_hint') : t('login.hint')}</Typography.Paragraph>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
        {needsCode ? (
          <Form key="code" layout="vertical" onFinish={({ totp }: { totp: string }) => void send(credentials, totp)} requiredMark={false}>
            <Form.Item name="totp" label={t('login.code')} rules={[{ required: true, pattern: /^[0-9]{6}$/, message: t('login.code_rule') }]}>
              <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus data-testid="login-totp" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              {t('login.verify')}
            </Button>
            <Button type="link" block onClick={() => setCredentials(null)} style={{ marginTop: 8 }}>
              {t('login.back')}
            </Button>
          </Form>
        ) : (
          <Form key="password" layout="vertical" onFinish={(values: Credentials) => void send(values)} requiredMark={false}>
            <Form.Item name="email" label={t('login.email')} rules={[{ required: true, type: 'email', message: t('login.email_rule') }]}>
              <Input prefix={<MailOutlined />} autoComplete="username" autoFocus data-testid="login-email" />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.password_rule') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
