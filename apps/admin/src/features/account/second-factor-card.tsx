import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { endpoints, type EndpointData } from '@tp/contracts';
import { call } from '../../lib/api';
import { ME_QUERY_KEY, useMeQuery } from '../../lib/use-me';

type Setup = EndpointData<typeof endpoints.admin.totpSetup>;
/** What the card shows: the choice, a secret to scan and confirm, or the code that turns it off. */
type Step = { kind: 'start' } | { kind: 'scan'; setup: Setup } | { kind: 'disable' } | { kind: 'done'; enabled: boolean };

function CodeForm({ submit, label, busy, testId }: { submit: (code: string) => void; label: string; busy: boolean; testId: string }) {
  const { t } = useTranslation('account');
  return (
    <Form layout="inline" onFinish={({ code }: { code: string }) => submit(code)} requiredMark={false}>
      <Form.Item name="code" rules={[{ required: true, pattern: /^[0-9]{6}$/, message: t('totp.code_rule') }]}>
        <Input placeholder={t('totp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 140 }} data-testid={`${testId}-code`} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid={`${testId}-submit`}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The second factor (TOTP): while it is off, set it up - scan the QR code or type the secret into
 * an authenticator app - and turn it on with a code of it; while it is on, turn it off with a
 * current code. Whether it is on comes from `GET /admin/api/me`.
 */
export function SecondFactorCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const me = useMeQuery();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The refusal was shown by the client; the card stays where it is, the state is read again.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    }
  };
  const setUp = () => run(async () => setStep({ kind: 'scan', setup: await call(endpoints.admin.totpSetup) }));
  const enable = (code: string) => run(async () => setStep({ kind: 'done', enabled: (await call(endpoints.admin.totpEnable, { code })).enabled }));
  const disable = (code: string) => run(async () => setStep({ kind: 'done', enabled: (await call(endpoints.admin.totpDisable, { code })).enabled }));

  if (step.kind === 'scan') {
    return (
      <Space orientation="vertical" size="middle" data-testid="totp-setup">
        <Typography.Paragraph>{t('totp.scan')}</Typography.Paragraph>
        <div style={{ background: '#fff', padding: 12, display: 'inline-block', borderRadius: 8 }} data-testid="totp-qr">
          <QRCodeSVG value={step.setup.otpauth_uri} size={180} title={t('totp.qr')} />
        </div>
        <Typography.Text>
          {t('totp.secret')} <Typography.Text code copyable data-testid="totp-secret">{step.setup.secret}</Typography.Text>
        </Typography.Text>
        <Typography.Paragraph>{t('totp.confirm')}</Typography.Paragraph>
        <CodeForm submit={(code) => void enable(code)} label={t('totp.enable')} busy={busy} testId="totp-enable" />
      </Space>
    );
  }
  if (step.kind === 'disable') {
    return (
      <Space orientation="vertical" size="middle" data-testid="totp-disable">
        <Typography.Paragraph>{t('totp.disable_hint')}</Typography.Paragraph>
        <CodeForm submit={(code) => void disable(code)} label={t('totp.disable')} busy={busy} testId="totp-disable" />
        <Button type="link" onClick={() => setStep({ kind: 'start' })} style={{ padding: 0 }}>
          {t('totp.back')}
        </Button>
      </Space>
    );
  }
  if (me.isError && !me.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('totp.state_unknown')}
        action={
          <Button size="small" onClick={() => void me.refetch()} data-testid="totp-state-retry">
            {t('totp.retry')}
          </Button>
        }
      />
    );
  }
  if (!me.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const enabled = me.data.totp_enabled;
  return (
    <Space orientation="vertical" size="middle">
      <Space>
        <Typography.Text>{t('totp.state')}</Typography.Text>
        <Tag color={enabled ? 'green' : 'default'} data-testid="totp-state">
          {t(enabled ? 'totp.state_on' : 'totp.state_off')}
        </Tag>
      </Space>
      {step.kind === 'done' ? (
        <Alert type="success" showIcon title={t(step.enabled ? 'totp.enabled' : 'totp.disabled')} data-testid="totp-result" />
      ) : (
        <Typography.Paragraph>{t('totp.intro')}</Typography.Paragraph>
      )}
      {enabled ? (
        <Button onClick={() => setStep({ kind: 'disable' })} data-testid="totp-disable-start">
          {t('totp.turn_off')}
        </Button>
      ) : (
        <Button type="primary" onClick={() => void setUp()} loading={busy} data-testid="totp-setup-start">
          {t('totp.set_up')}
        </Button>
      )}
    </Space>
  );
}
