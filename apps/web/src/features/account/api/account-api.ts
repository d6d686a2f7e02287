import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { usersEndpoints, type EndpointParsedInput } from '@tp/contracts';
import { call, cancelAll } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';
import { loginPathFor } from '../../../lib/login-path';

export function logout(): Promise<unknown> {
  return call(usersEndpoints.logout, undefined, { silent: true });
}

/**
 * A POST (the server takes both): an action. The intent's key goes with it once the endpoint
 * declares it honours keys; until then `call` leaves it out.
 */
export function resetDemoAccount(idempotencyKey: string): Promise<unknown> {
  return call(usersEndpoints.resetDemo, undefined, { method: 'POST', idempotencyKey, announce: true });
}

export type AmendPasswordForm = Omit<EndpointParsedInput<typeof usersEndpoints.amendPassword>, 'type' | 't'>;
export function amendPassword(form: AmendPasswordForm): Promise<unknown> {
  return call(usersEndpoints.amendPassword, { type: 'email', ...form, auth_code: form.auth_code.trim() }, { announce: true });
}

/**
 * Log out: tell the server (best effort), forget the session and cached data, go to /login, which
 * brings whoever signs in next back to the screen the logout was made on.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const clear = useAuth((s) => s.clear);
  return async () => {
    try {
      await logout();
    } catch {
      /* the token is dropped either way */
    }
    cancelAll();
    clear();
    queryClient.removeQueries({ queryKey: ['user'] });
    queryClient.removeQueries({ queryKey: ['wallet'] });
    navigate(loginPathFor(location.pathname + location.search), { replace: true });
  };
}
