import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@tp/contracts';
import { call } from './api';
import { useSession } from './session-store';

/**
 * Reads the signed-in staff member from the server (`GET /admin/api/me`) and keeps the session's
 * role in step with it: the menu follows a role an admin changed, on load and on each return to
 * the tab. The login answer's role is only the first guess.
 */
export function useMe(): void {
  const updateStaff = useSession((s) => s.updateStaff);
  const me = useMeQuery();
  useEffect(() => {
    if (me.data) updateStaff({ id: me.data.id, email: me.data.email, role: me.data.role });
  }, [me.data, updateStaff]);
}

/** The query key of `GET /admin/api/me`: invalidate it after a change to the own account. */
export const ME_QUERY_KEY = ['admin-me'] as const;

/** The signed-in staff member as the server has it (role, second factor on), one cached query for the console. */
export function useMeQuery() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: [...ME_QUERY_KEY, token], queryFn: () => call(endpoints.adminStaff.me, undefined, { silent: true }), enabled: token !== null, refetchOnWindowFocus: true });
}
