import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints, type EndpointData } from '@tp/contracts';
import { ApiError, call, signOutLocally } from '../../lib/api';

interface PasswordForm {
  password: string;
  repeat: string;
}

/**
 * The public page of an invitation link (`#/accept?token=`): the new staff member sets a password
 * and the account exists. The link works once; the server answers an expired or used one with its
 * own message, shown here. Afterwards the staff member signs in on the login page.
 */
export default function AcceptInvitePage() {
  const { t } = useTranslation('accept');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<EndpointData<typeof endpoints.adminStaff.accept> | null>(null);

  const submit = async ({ password }: PasswordForm) => {
    setBusy(true);
    setError(null);
    try {
      setJoined(await call(endpoints.adminStaff.accept, { token, password }, { silent: true }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };
  // Whoever was signed in on this browser is not the new member: sign-in starts clean.
  const toSignIn = () => {
    signOutLocally();
    void navigate('/', { replace: true });
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <Card style={{ width: 420 }} data-testid="accept-card">
        {joined ? (
          <Result
            status="success"
            title={t('joined_title')}
            subTitle={t('joined_text', { email: joined.email, role: t(`roles.${joined.role}`) })}
            extra={
              <Button type="primary" onClick={toSignIn} data-testid="accept-sign-in">
                {t('sign_in')}
              </Button>
            }
            data-testid="accept-done"
          />
        ) : (
          <>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {t('title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
            {!token ? <Alert type="error" showIcon title={t('no_token')} style={{ marginBottom: 16 }} /> : null}
            {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="accept-error" /> : null}
            <Form<PasswordForm> layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} disabled={!token}>
              <Form.Item name="password" label={t('password')} extra={t('password_rule')} rules={[{ required: true, min: 8, max: 64, message: t('password_rule') }]}>
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus data-testid="accept-password" />
              </Form.Item>
              <Form.Item
                name="repeat"
                label={t('repeat')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('repeat_rule') },
                  ({ getFieldValue }) => ({ validator: async (_, value) => (value === getFieldValue('password') ? undefined : Promise.reject(new Error(t('repeat_rule')))) }),
                ]}
              >
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="accept-repeat" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="accept-submit">
                {t('submit')}
              </Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
