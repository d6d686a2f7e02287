import { configureApi } from '../lib/api/client';
import { setupAntdForReact19 } from '../lib/antd-setup';
import { useAuth } from '../lib/auth-store';
import { ws } from '../lib/ws';
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
 * A logout of one's own ends the socket's login too, often a moment before its own answer has
 * dropped the token: that moment passes first, so the user is not told they were signed out.
 */
const OWN_LOGOUT_GRACE_MS = 400;

/**
 * The socket says the session ended (staff disabled the user or ended their sessions): leave for
 * the login page at once, saying why - not at the next refused request, which may be long after.
 */
export function leaveOnSessionEnd(): () => void {
  return ws.onSessionEnded(() => {
    const token = useAuth.getState().token;
    if (!token) return;
    setTimeout(() => {
      if (useAuth.getState().token !== token) return;
      useAuth.getState().clear();
      toast(i18next.t('auth.session_ended'));
      goLogin();
    }, OWN_LOGOUT_GRACE_MS);
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
  leaveOnSessionEnd();
  // Start-up in three tasks rather than one: the entry's evaluation, then the first requests
  // (the query client's first calls are slow the first time), then the texts.
  await nextTask();
  beforeTexts?.();
  await nextTask();
  await initI18n();
}
