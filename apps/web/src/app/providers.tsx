import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd-mobile';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLang } from '@tp/contracts';
import { ApiError } from '../lib/api/client';
import { useAuth } from '../lib/auth-store';
import { antdLocale } from '../lib/i18n/antd-locale';
import { companyStatusQuery, userInfoQuery } from '../lib/queries';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Refusals and 999 are answers, not glitches: only a network failure is retried, once.
        retry: (count, err) => err instanceof ApiError && err.kind === 'network' && count < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'hk';
  return <ConfigProvider locale={antdLocale(lang)}>{children}</ConfigProvider>;
}

/** Start-up calls: company status (redirect when closed) and the user behind a stored token. */
function Startup() {
  const token = useAuth((s) => s.token);
  const setUser = useAuth((s) => s.setUser);
  const clear = useAuth((s) => s.clear);
  const status = useQuery(companyStatusQuery);
  const info = useQuery(userInfoQuery(token));
  useEffect(() => {
    const s = status.data;
    if (s && s.status !== 0 && /^https?:\/\//i.test(s.loss_url)) window.location.replace(s.loss_url);
  }, [status.data]);
  useEffect(() => {
    if (info.data) setUser(info.data);
  }, [info.data, setUser]);
  useEffect(() => {
    // An init call: an expired token only clears the user (spec section 4).
    if (info.error instanceof ApiError && info.error.kind === 'unauthenticated') clear();
  }, [info.error, clear]);
  return null;
}

/** `queryClient`: the one the first screen's requests were started in before the first render. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <Startup />
        {children}
      </LocaleProvider>
    </QueryClientProvider>
  );
}
