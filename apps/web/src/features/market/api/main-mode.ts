import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /api/default/setting?key=main_mode: '1' means search covers companies too. */
export const mainModeQuery = queryOptions({
  queryKey: ['setting', 'main_mode'],
  queryFn: ({ signal }) => call(settingsEndpoints.setting, { key: 'main_mode' }, { signal, silent: true }),
  select: (s) => s.value === '1',
  staleTime: 5 * 60_000,
});

export function useMainMode() {
  return useQuery(mainModeQuery);
}
