import type { Session } from '@tp/contracts';
import { api } from '../../../lib/api/client';
import type { Captcha } from '../../../lib/queries';

export interface LoginForm { account: string; password: string }
export interface RegisterForm {
  account: string;
  password: string;
  re_password: string;
  invite_code?: string;
  sms_code: string;
  /** Captcha id when verify_reg_type is 2. */
  key?: string;
}
export interface ForgotForm { account: string; new_password: string; secondary_password: string; auth_code: string }

/** Email login; the spec sends it form-urlencoded. */
export function login(form: LoginForm): Promise<Session> {
  return api.postForm<Session>('/api/user/loginForU', { login_type: 'email', account: form.account.trim(), password: form.password }, { announce: true });
}

export function loginDemo(demoId: string): Promise<Session> {
  return api.get<Session>('/api/user/createAccountDemoForU', { demo_id: demoId }, { announce: true });
}

export function register(form: RegisterForm): Promise<Session> {
  return api.post<Session>('/api/user/register', {
    type: 1,
    account: form.account.trim(),
    password: form.password,
    re_password: form.re_password,
    invite_code: form.invite_code?.trim() || undefined,
    sms_code: form.sms_code.trim(),
    key: form.key,
  }, { announce: true });
}

export function forgetPassword(form: ForgotForm): Promise<unknown> {
  return api.post('/api/user/forget_password', { type: 'email', ...form, account: form.account.trim(), auth_code: form.auth_code.trim() }, { announce: true });
}

export const captchaQueryKey = ['captcha'] as const;
export function fetchCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return api.get<Captcha>('/api/captcha', undefined, { signal });
}
