import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { notifyEndpoints, settingsEndpoints, usersEndpoints, walletEndpoints, type captchaSchema, type companyStatusSchema, type profitsSchema } from '@tp/contracts';
import { call } from './api/client';
import { useAuth } from './auth-store';

/**
 * Server data read by more than one feature (features do not import each other). Query keys
 * include the token so a different user never sees a cached answer of the previous one.
 */
export type Profits = z.infer<typeof profitsSchema>;
export type CompanyStatus = z.infer<typeof companyStatusSchema>;
export type Captcha = z.infer<typeof captchaSchema>;

export const basicInfoQuery = queryOptions({
  queryKey: ['basicInfo'],
  queryFn: ({ signal }) => call(settingsEndpoints.basicInfo, undefined, { signal, init: true, silent: true }),
  staleTime: 5 * 60_000,
});

export const companyStatusQuery = queryOptions({
  queryKey: ['companyStatus'],
  queryFn: ({ signal }) => call(settingsEndpoints.companyStatus, undefined, { signal, init: true, silent: true }),
  staleTime: 10 * 60_000,
  retry: false,
});

export const userInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['user', 'info', token],
    // Optional at start-up (spec): an expired token only clears the user, without a redirect.
    queryFn: ({ signal }) => call(usersEndpoints.info, undefined, { signal, init: true }),
    enabled: !!token,
    staleTime: 30_000,
  });

export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['wallet', 'balance', token],
    queryFn: ({ signal }) => call(walletEndpoints.balances, undefined, { signal }),
    enabled: !!token,
    staleTime: 10_000,
  });

export const profitsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['user', 'profits', token],
    queryFn: ({ signal }) => call(usersEndpoints.profits, undefined, { signal }),
    enabled: !!token,
    staleTime: 10_000,
  });

export function useBasicInfo() {
  return useQuery(basicInfoQuery);
}
export function useBalance() {
  const token = useAuth((s) => s.token);
  return useQuery(balanceQuery(token));
}
export function useProfits() {
  const token = useAuth((s) => s.token);
  return useQuery(profitsQuery(token));
}

/** Send a verification code by e-mail (register 1, forgot / change password 2). */
export function sendEmailCode(to: string, type: 1 | 2): Promise<unknown> {
  return call(notifyEndpoints.sendEmail, { to, type }, { announce: true });
}
