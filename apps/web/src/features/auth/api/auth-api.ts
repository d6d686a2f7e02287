import { endpoints, type EndpointParsedInput, type Session } from '@tp/contracts';
import { call } from '../../../lib/api/client';
import type { Captcha } from '../../../lib/queries';

/** The form fields of each call; the rest of its input is fixed here (login and reset type 'email', register type 1). */
export type LoginForm = Pick<EndpointParsedInput<typeof endpoints.users.login>, 'account' | 'password'>;
export type RegisterForm = Omit<EndpointParsedInput<typeof endpoints.users.register>, 'type' | 'area_id' | 't'>;
export type ForgotForm = Omit<EndpointParsedInput<typeof endpoints.users.forgetPassword>, 'type' | 't'>;

/** Email login; the spec sends it form-urlencoded. */
export function login(form: LoginForm): Promise<Session> {
  return call(endpoints.users.login, { login_type: 'email', account: form.account.trim(), password: form.password }, { form: true, announce: true });
}

export function loginDemo(demoId: string): Promise<Session> {
  return call(endpoints.users.demoLogin, { demo_id: demoId }, { announce: true });
}

export function register(form: RegisterForm): Promise<Session> {
  return call(endpoints.users.register, {
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
  return call(endpoints.users.forgetPassword, { type: 'email', ...form, account: form.account.trim(), auth_code: form.auth_code.trim() }, { announce: true });
}

export const captchaQueryKey = ['captcha'] as const;
export function fetchCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return call(endpoints.notify.captcha, undefined, { signal });
}
