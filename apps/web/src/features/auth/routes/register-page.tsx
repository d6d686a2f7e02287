import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CODE_PURPOSE } from '@tp/contracts';
import { EmailCodeField } from '../../../components/ui/email-code-field';
import { Field } from '../../../components/ui/field';
import { LoadingLines, LoadError } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { useBasicInfo } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { checkEmail, checkPassword, safeFrom } from '../../../lib/validation';
import { captchaQueryKey, fetchCaptcha, register } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';

/** verify_reg_type 2: a captcha image instead of an e-mailed code. */
const CAPTCHA = 2;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const setSession = useAuth((s) => s.setSession);
  const basic = useBasicInfo();
  const useCaptcha = basic.data?.verify_reg_type === CAPTCHA;
  const captcha = useQuery({ queryKey: captchaQueryKey, queryFn: ({ signal }) => fetchCaptcha(signal), enabled: useCaptcha, staleTime: Infinity, gcTime: 0 });

  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invite, setInvite] = useState(() => params.get('invite_code') ?? '');
  const [busy, setBusy] = useState(false);

  const validEmail = () => {
    const err = checkEmail(account);
    if (err) toast(t(err));
    return !err;
  };

  const submit = async () => {
    if (busy) return;
    if (!validEmail()) return;
    if (!code.trim()) return toast(t('auth.code_required'));
    if (!password || !repeat) return toast(t('public.input_full'));
    if (password !== repeat) return toast(t('public.password_not_equal'));
    const weak = checkPassword(password);
    if (weak) return toast(t(weak));
    setBusy(true);
    try {
      const session = await register({ account, password, re_password: repeat, invite_code: invite, sms_code: code, key: useCaptcha ? captcha.data?.id : undefined });
      queryClient.removeQueries({ queryKey: ['user'] });
      queryClient.removeQueries({ queryKey: ['wallet'] });
      setSession(session);
      navigate(safeFrom(params.get('from')), { replace: true });
    } catch {
      if (useCaptcha) {
        setCode('');
        void captcha.refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  let verification;
  if (basic.isPending) verification = <LoadingLines rows={1} />;
  else if (useCaptcha) {
    verification = (
      <Field
        name="code"
        label={t('auth.code')}
        value={code}
        onChange={setCode}
        placeholder={t('auth.captcha_placeholder')}
        maxLength={12}
        testId="register-code"
        suffix={
          captcha.isError ? (
            <LoadError compact onRetry={() => void captcha.refetch()} />
          ) : (
            <img
              className="tp-captcha"
              src={captcha.data?.b64s}
              alt={t('auth.captcha_alt')}
              title={t('auth.captcha_refresh')}
              data-testid="register-captcha"
              onClick={() => void captcha.refetch()}
            />
          )
        }
      />
    );
  } else {
    verification = (
      <EmailCodeField
        value={code}
        onChange={setCode}
        email={() => account.trim()}
        purpose={CODE_PURPOSE.register}
        beforeSend={validEmail}
        maxLength={12}
        testId="register-code"
        sendTestId="register-send-code"
      />
    );
  }

  return (
    <AuthShell testId="page-register" navTitle={t('nav.register')} title={t('auth.register_title')}>
      {/* noValidate: the checks are the app's own, in the user's language, not the browser's pop-ups. */}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field name="account" label={t('auth.email')} value={account} onChange={setAccount} placeholder={t('auth.email_placeholder')} type="email" inputMode="email" autoComplete="email" testId="register-account" />
        {verification}
        <Field name="password" label={t('auth.password')} value={password} onChange={setPassword} placeholder={t('auth.password_rule')} type="password" autoComplete="new-password" testId="register-password" />
        <Field name="repassword" label={t('auth.repassword')} value={repeat} onChange={setRepeat} placeholder={t('auth.repassword_placeholder')} type="password" autoComplete="new-password" testId="register-repassword" />
        <Field name="invite" label={t('auth.invite')} value={invite} onChange={setInvite} placeholder={t('auth.invite_placeholder')} maxLength={16} testId="register-invite" />
        <div className="tp-actions">
          <Button block color="primary" size="large" type="submit" loading={busy} data-testid="register-submit">
            {t('auth.register_submit')}
          </Button>
        </div>
      </form>
      <div className="tp-links">
        <span>
          <span className="tp-muted">{t('auth.have_account')} </span>
          <Link to="/login" data-testid="register-login-link">
            {t('auth.to_login')}
          </Link>
        </span>
      </div>
    </AuthShell>
  );
}
