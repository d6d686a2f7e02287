import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth-store';
import { deviceId } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { safeFrom } from '../../../lib/validation';
import { login, loginDemo } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const setSession = useAuth((s) => s.setSession);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'login' | 'demo' | null>(null);
  const from = safeFrom(params.get('from'));

  const done = (session: Session) => {
    queryClient.removeQueries({ queryKey: ['user'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    setSession(session);
    navigate(from, { replace: true });
  };

  const submit = async () => {
    if (busy) return;
    if (!account.trim()) return toast(t('auth.account_required'));
    if (!password) return toast(t('auth.password_required'));
    setBusy('login');
    try {
      done(await login({ account, password }));
    } catch {
      /* shown by the api client */
    } finally {
      setBusy(null);
    }
  };

  const demo = async () => {
    if (busy) return;
    setBusy('demo');
    try {
      done(await loginDemo(deviceId()));
    } catch {
      /* shown by the api client */
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthShell testId="page-login" navTitle={t('nav.login')} title={t('auth.login_welcome')} subtitle={t('auth.login_subtitle')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field name="account" label={t('auth.email')} value={account} onChange={setAccount} placeholder={t('auth.email_placeholder')} type="email" inputMode="email" autoComplete="username" testId="login-account" />
        <Field name="password" label={t('auth.password')} value={password} onChange={setPassword} placeholder={t('auth.password_placeholder')} type="password" autoComplete="current-password" testId="login-password" onEnter={() => void submit()} />
        <div className="tp-actions">
          <Button block color="primary" size="large" type="submit" loading={busy === 'login'} data-testid="login-submit">
            {t('auth.login_submit')}
          </Button>
          <Button block size="large" fill="outline" color="primary" loading={busy === 'demo'} onClick={() => void demo()} data-testid="login-demo">
            {t('auth.try_demo')}
          </Button>
          <div className="tp-muted" style={{ textAlign: 'center' }}>
            {t('auth.demo_hint')}
          </div>
        </div>
      </form>
      <div className="tp-links">
        <span>
          <span className="tp-muted">{t('auth.no_account')} </span>
          <Link to={`/register${params.get('from') ? `?from=${encodeURIComponent(from)}` : ''}`} data-testid="login-register-link">
            {t('auth.to_register')}
          </Link>
        </span>
        <Link to="/forgot" data-testid="login-forgot-link">
          {t('auth.to_forgot')}
        </Link>
      </div>
    </AuthShell>
  );
}
