import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@tp/contracts';
import { call } from '../lib/api';

/** Every staff account's id and e-mail, read once per console visit (a few rows). */
export function useStaffNames() {
  return useQuery({
    queryKey: ['staff-names'],
    queryFn: async ({ signal }) => new Map((await call(endpoints.adminStaff.staffNames, undefined, { silent: true, signal })).map((s) => [s.id, s.email])),
    staleTime: 5 * 60_000,
  });
}

/** A staff member named by their e-mail (the id while the names load, or for an unknown id). */
export function StaffName({ id }: { id: number | null | undefined }) {
  const names = useStaffNames();
  if (id === null || id === undefined) return null;
  return <span data-testid="staff-name">{names.data?.get(id) ?? `#${id}`}</span>;
}
