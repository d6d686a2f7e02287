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

/**
 * Colours that reach WCAG AA contrast (4.5:1 for text) where antd's defaults do not: the primary
 * and danger buttons' white text (also hovered), links, secondary texts (form help, breadcrumbs,
 * empty lists, hints), and the text of coloured tags (shade 7 of each palette) on their pale
 * backgrounds. antd writes its tokens as CSS variables, where `gold7` and `gold-7` are both
 * --ant-gold-7: both are set.
 */
const tagText = (name: string, color: string) => ({ [`${name}7`]: color, [`${name}-7`]: color });
const LIGHT_TOKENS = {
  colorPrimary: '#0958d9',
  colorPrimaryHover: '#1366d6',
  colorPrimaryActive: '#003eb3',
  colorLink: '#0958d9',
  colorLinkHover: '#1366d6',
  colorError: '#cf1322',
  colorTextTertiary: 'rgba(0, 0, 0, 0.57)',
  colorTextDescription: 'rgba(0, 0, 0, 0.57)',
  ...tagText('gold', '#874d00'),
  ...tagText('orange', '#ad4e00'),
  ...tagText('green', '#237804'),
};
/** In dark, red as text needs a light red; a filled danger button then carries dark text. */
const DARK_TOKENS = {
  colorError: '#e86e6b',
  // the primary blue stays under the buttons' white text; links and selected tabs, text on the
  // dark background, take a lighter blue
  colorLink: '#4096ff',
  colorLinkHover: '#65a9f3',
  ...tagText('geekblue', '#7f9cf5'),
  ...tagText('purple', '#b37feb'),
  colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
  colorTextDescription: 'rgba(255, 255, 255, 0.55)',
};
const DARK_COMPONENTS = { Button: { dangerColor: '#141414' }, Tabs: { itemSelectedColor: '#4096ff', itemHoverColor: '#65a9f3', itemActiveColor: '#4096ff' } };

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
    <ConfigProvider locale={locale} theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: mode === 'dark' ? DARK_TOKENS : LIGHT_TOKENS, components: mode === 'dark' ? DARK_COMPONENTS : undefined }}>
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
