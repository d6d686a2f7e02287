import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, cancelAll } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';

export function logout(): Promise<unknown> {
  return api.post('/api/user/logout', undefined, { silent: true });
}

/** A POST (the server takes both) so that the intent's key travels with it like every money action's. */
export function resetDemoAccount(idempotencyKey: string): Promise<unknown> {
  return api.post('/v2/api/main/user/resetForexDemoAccount', undefined, { idempotencyKey, announce: true });
}

export interface AmendPasswordForm { new_password: string; secondary_password: string; auth_code: string }
export function amendPassword(form: AmendPasswordForm): Promise<unknown> {
  return api.post('/api/user/amend_password', { type: 'email', ...form, auth_code: form.auth_code.trim() }, { announce: true });
}

/** Log out: tell the server (best effort), forget the session and cached data, go to /login. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
    navigate('/login', { replace: true });
  };
}
