import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { endpoints, type EndpointData } from '@tp/contracts';
import { ApiError, call } from '../../lib/api';

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
 * The second factor (TOTP): set up - scan the QR code or type the secret into an authenticator
 * app - and turn on with a code of it; turn off with a current code. The server refuses a set-up
 * while it is on (`totp_already_enabled`): the card then offers to turn it off.
 */
export function SecondFactorCard() {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      // The refusal itself was shown by the client; a set-up of a factor already on leads to turning it off.
      if (err instanceof ApiError && err.errorKey === 'totp_already_enabled') setStep({ kind: 'disable' });
    } finally {
      setBusy(false);
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
          <QRCodeSVG value={step.setup.otpauth_uri} size={180} />
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
  return (
    <Space orientation="vertical" size="middle">
      {step.kind === 'done' ? (
        <Alert type="success" showIcon title={t(step.enabled ? 'totp.enabled' : 'totp.disabled')} data-testid="totp-result" />
      ) : (
        <Typography.Paragraph>{t('totp.intro')}</Typography.Paragraph>
      )}
      <Space>
        <Button type="primary" onClick={() => void setUp()} loading={busy} data-testid="totp-setup-start">
          {t('totp.set_up')}
        </Button>
        <Button onClick={() => setStep({ kind: 'disable' })} data-testid="totp-disable-start">
          {t('totp.turn_off')}
        </Button>
      </Space>
    </Space>
  );
}
