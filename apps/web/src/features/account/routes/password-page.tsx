import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE_PURPOSE } from '@tp/contracts';
import { EmailCodeField } from '../../../components/ui/email-code-field';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { amendPassword } from '../api/account-api';

/**
 * Change password with a code sent to the user's own e-mail (send_email type 2). A demo account has
 * no password of its own to change: it sees why, and the way to a real account.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  const demo = isDemoUser(useAuth((s) => s.user));
  return (
    <PageFrame title={t('nav.mine_password')} fallback="/user" testId="page-password">
      {demo ? <RealAccountNotice testId="password-demo-notice" /> : <PasswordForm />}
    </PageFrame>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const email = user?.email ?? '';
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    // The rules are the contracts' schemas (zod): loaded on submit, so the account screens' chunk,
    // which holds the user tab too, does not bring zod and its evaluation with it.
    const { checkNewPasswords } = await import('../../../lib/validation');
    const err = checkNewPasswords({ code, password, repeat });
    if (err) return toast(t(err));
    setBusy(true);
    try {
      await amendPassword({ new_password: password, secondary_password: repeat, auth_code: code });
      navigate(-1);
    } catch {
      /* shown by the api client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tp-card">
      {email ? <p className="tp-muted" style={{ marginTop: 0 }}>{t('user.code_to_email', { email })}</p> : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <EmailCodeField
          value={code}
          onChange={setCode}
          email={() => email}
          purpose={CODE_PURPOSE.forgot}
          maxLength={6}
          sendDisabled={!email}
          testId="password-code"
          sendTestId="password-send-code"
        />
        <Field name="password" label={t('auth.new_password')} value={password} onChange={setPassword} placeholder={t('auth.new_password_placeholder')} type="password" autoComplete="new-password" testId="password-new" />
        <Field name="repassword" label={t('auth.repassword')} value={repeat} onChange={setRepeat} placeholder={t('auth.repassword_placeholder')} type="password" autoComplete="new-password" testId="password-repeat" />
        <div className="tp-actions">
          <Button block color="primary" size="large" type="submit" loading={busy} data-testid="password-submit">
            {t('user.password_submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
