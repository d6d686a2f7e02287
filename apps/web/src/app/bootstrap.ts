import { configureApi } from '../lib/api/client';
import { setupAntdForReact19 } from '../lib/antd-setup';
import { useAuth } from '../lib/auth-store';
import { currentLang, i18next, initI18n } from '../lib/i18n';
import { applyTheme, storedTheme } from '../lib/theme';
import { nextTask } from '../lib/next-task';
import { toast, toastSuccess } from '../lib/toast';
import { goLogin } from './navigation';

/** Connect the api client to the session, the language, toasts and the router. */
export function wireApi(): void {
  configureApi({
    getToken: () => useAuth.getState().token,
    getLang: () => currentLang(),
    notify: toast,
    notifySuccess: toastSuccess,
    networkMessage: (code) => i18next.t('public.network_error', { code }),
    onUnauthenticated: () => {
      useAuth.getState().clear();
      goLogin();
    },
  });
}

/**
 * Everything that must happen once before the first render. `beforeTexts` runs as soon as the api
 * client is wired, while the texts of another language may still be loading.
 */
export async function bootstrap(beforeTexts?: () => void): Promise<void> {
  setupAntdForReact19();
  applyTheme(storedTheme());
  wireApi();
  // Start-up in three tasks rather than one: the entry's evaluation, then the first requests
  // (the query client's first calls are slow the first time), then the texts.
  await nextTask();
  beforeTexts?.();
  await nextTask();
  await initI18n();
}
