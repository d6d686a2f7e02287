import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE_PURPOSE } from '@tp/contracts';
import { EmailCodeField } from '../../../components/ui/email-code-field';
import { Field } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';
import { checkEmail, checkNewPasswords } from '../../../lib/validation';
import { forgetPassword } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';

export function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);

  const validEmail = () => {
    const err = checkEmail(account);
    if (err) toast(t(err));
    return !err;
  };

  const submit = async () => {
    if (busy) return;
    const err = checkNewPasswords({ email: account, code, password, repeat });
    if (err) return toast(t(err));
    if (!validEmail()) return;
    setBusy(true);
    try {
      await forgetPassword({ account, new_password: password, secondary_password: repeat, auth_code: code });
      navigate('/login', { replace: true });
    } catch {
      /* shown by the api client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell testId="page-forgot" navTitle={t('nav.forgot')} title={t('auth.forgot_title')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field name="account" label={t('auth.email')} value={account} onChange={setAccount} placeholder={t('auth.email_placeholder')} type="email" inputMode="email" autoComplete="username" testId="forgot-account" />
        <EmailCodeField
          value={code}
          onChange={setCode}
          email={() => account.trim()}
          purpose={CODE_PURPOSE.forgot}
          beforeSend={validEmail}
          maxLength={6}
          testId="forgot-code"
          sendTestId="forgot-send-code"
        />
        <Field name="password" label={t('auth.new_password')} value={password} onChange={setPassword} placeholder={t('auth.new_password_placeholder')} type="password" autoComplete="new-password" testId="forgot-password" />
        <Field name="repassword" label={t('auth.repassword')} value={repeat} onChange={setRepeat} placeholder={t('auth.repassword_placeholder')} type="password" autoComplete="new-password" testId="forgot-repassword" />
        <div className="tp-actions">
          <Button block color="primary" size="large" type="submit" loading={busy} data-testid="forgot-submit">
            {t('auth.forgot_submit')}
          </Button>
        </div>
      </form>
    </AuthShell>
  );
}
