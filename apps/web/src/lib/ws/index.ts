import { useEffect, useRef } from 'react';
import { wsUrl } from '../api/host';
import { useAuth } from '../auth-store';
import { currentLang } from '../i18n';
import { WsClient, type WsMessage } from './client';

export { WsClient } from './client';
export type { WsMessage, TopicHandler, WsStatus } from './client';

/**
 * The app's one live connection. Its language goes in the URL (a browser sets no header on a
 * socket) and in each login, so the server's answers speak the one on screen.
 */
export const ws = new WsClient({
  url: () => `${wsUrl('/v2/ws')}?lang=${encodeURIComponent(currentLang())}`,
  getToken: () => useAuth.getState().token,
  getLang: currentLang,
});

// Log in or out on the socket whenever the token changes.
useAuth.subscribe((state, prev) => {
  if (state.token !== prev.token) ws.syncToken();
});

/** Listen to a topic while a component is mounted; the handler may change without resubscribing. */
export function useWsTopic(topic: string | null, handler: (m: WsMessage) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!topic) return;
    return ws.subscribe(topic, (m) => ref.current(m));
  }, [topic]);
}
