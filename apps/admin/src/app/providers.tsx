import { useEffect, useState, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLang } from '@tp/contracts';
import { ApiError, configureApi } from '@tp/client';
import { defaultAntdLocale, loadAntdLocale } from '../lib/i18n/antd-locale';
import { useTheme } from '../lib/theme-store';

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

/** The API client's toasts through antd's App context, so they follow the theme and the locale. */
function ApiMessages() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    configureApi({ notify: (text) => void message.error(text), notifySuccess: (text) => void message.success(text) });
  }, [message]);
  return null;
}

/** antd's theme (light or dark) and its own texts in the chosen language. */
function AntdConfig({ children }: { children: ReactNode }) {
  const mode = useTheme((s) => s.mode);
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'en';
  const [locale, setLocale] = useState<Locale>(defaultAntdLocale);
  useEffect(() => {
    let live = true;
    void loadAntdLocale(lang).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [lang]);
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ConfigProvider locale={locale} theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
      <AntdApp>
        <ApiMessages />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdConfig>{children}</AntdConfig>
    </QueryClientProvider>
  );
}
