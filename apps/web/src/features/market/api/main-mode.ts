import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { settingSchema } from '@tp/contracts';
import { api } from '../../../lib/api/client';

type Setting = z.infer<typeof settingSchema>;

/** GET /api/default/setting?key=main_mode: '1' means search covers companies too. */
export const mainModeQuery = queryOptions({
  queryKey: ['setting', 'main_mode'],
  queryFn: ({ signal }) => api.get<Setting>('/api/default/setting', { key: 'main_mode' }, { signal, silent: true }),
  select: (s) => s.value === '1',
  staleTime: 5 * 60_000,
});

export function useMainMode() {
  return useQuery(mainModeQuery);
}
