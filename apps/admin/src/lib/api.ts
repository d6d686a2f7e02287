import { cancelAll, configureApi } from '@tp/client';
import { currentLang, i18next } from './i18n';
import { useSession } from './session-store';

/**
 * Connects the shared API client to the console: the admin token, the chosen language, and a 999
 * answer signing the staff member out (the router then shows the login page). Its toasts are
 * antd's, set where the antd context is (app/providers.tsx), so they follow theme and locale.
 */
export function wireApi(): void {
  configureApi({
    getToken: () => useSession.getState().token,
    getLang: () => currentLang(),
    networkMessage: (code) => i18next.t('common:network_error', { code }),
    onUnauthenticated: () => signOutLocally(),
  });
}

/** Forgets the session and drops every request still on the wire. */
export function signOutLocally(): void {
  cancelAll();
  useSession.getState().signOut();
}

export { call, ApiError, fetchPrivateFile } from '@tp/client';
