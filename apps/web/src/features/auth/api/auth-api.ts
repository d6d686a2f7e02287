import { notifyEndpoints, usersEndpoints, type EndpointParsedInput, type Session } from '@tp/contracts';
import { call } from '../../../lib/api/client';
import type { Captcha } from '../../../lib/queries';

/** The form fields of each call; the rest of its input is fixed here (login and reset type 'email', register type 1). */
export type LoginForm = Pick<EndpointParsedInput<typeof usersEndpoints.login>, 'account' | 'password'>;
export type RegisterForm = Omit<EndpointParsedInput<typeof usersEndpoints.register>, 'type' | 'area_id' | 't'>;
export type ForgotForm = Omit<EndpointParsedInput<typeof usersEndpoints.forgetPassword>, 'type' | 't'>;

/** Email login; the spec sends it form-urlencoded. */
export function login(form: LoginForm): Promise<Session> {
  return call(usersEndpoints.login, { login_type: 'email', account: form.account.trim(), password: form.password }, { form: true, announce: true });
}

export function loginDemo(demoId: string): Promise<Session> {
  return call(usersEndpoints.demoLogin, { demo_id: demoId }, { announce: true });
}

export function register(form: RegisterForm): Promise<Session> {
  return call(usersEndpoints.register, {
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
  return call(usersEndpoints.forgetPassword, { type: 'email', ...form, account: form.account.trim(), auth_code: form.auth_code.trim() }, { announce: true });
}

export const captchaQueryKey = ['captcha'] as const;
export function fetchCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return call(notifyEndpoints.captcha, undefined, { signal });
}
