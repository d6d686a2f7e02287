import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyEndpoints, settingsEndpoints } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** The company e-mail page's address (`company_email`, decisions.md). */
export const companyEmailQuery = queryOptions({
  queryKey: ['company', 'email'],
  queryFn: ({ signal }) => call(companyEndpoints.email, undefined, { signal }),
  staleTime: 5 * 60_000,
});

/** The main company as the app shows it (name, addresses, website). */
export const mainCompanyQuery = queryOptions({
  queryKey: ['company', 'main'],
  queryFn: ({ signal }) => call(settingsEndpoints.company, undefined, { signal }),
  staleTime: 5 * 60_000,
});

/** One public setting (video urls, the desktop link); null when it is not set. */
export const settingQuery = (key: 'video_url_1' | 'video_url_2' | 'pc_url') =>
  queryOptions({
    queryKey: ['setting', key],
    queryFn: async ({ signal }) => (await call(settingsEndpoints.setting, { key }, { signal, silent: true })).value,
    staleTime: 5 * 60_000,
  });

export const useCompanyEmail = () => useQuery(companyEmailQuery);
export const useMainCompany = () => useQuery(mainCompanyQuery);
export const useSetting = (key: Parameters<typeof settingQuery>[0]) => useQuery(settingQuery(key));
