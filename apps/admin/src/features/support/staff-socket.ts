import { useEffect, useRef, useState } from 'react';
import type { SupportStaffPush } from '@tp/contracts';
import { useSession } from '../../lib/session-store';

/** Reconnect delays after a dropped socket: 1 s doubling to 15 s. */
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 15_000;
const PING_EVERY_MS = 20_000;

function wsAddress(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/v2/ws`;
}

/** Pushes handed on from the page's one socket to the open thread. */
export type PushListener = (push: SupportStaffPush) => void;
export type Subscribe = (listener: PushListener) => () => void;

export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * The console's socket on the app's one gateway (`/v2/ws`): `staff_login` with the admin token,
 * then `SUPPORT_STAFF`. Pushes only hurry the inbox: the lists are read again on every (re)connect,
 * so nothing pushed while the socket was down is missed.
 */
export function useStaffSocket(onPush: (push: SupportStaffPush) => void, onConnected: () => void): LiveState {
  const token = useSession((s) => s.token);
  const [state, setState] = useState<LiveState>('connecting');
  const handlers = useRef({ onPush, onConnected });
  useEffect(() => {
    handlers.current = { onPush, onConnected };
  });
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    const open = () => {
      setState('connecting');
      const ws = new WebSocket(wsAddress());
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify([{ type: 'staff_login', params: token }, { type: 'sub', params: 'SUPPORT_STAFF' }]));
      ws.onmessage = (ev) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(ev.data));
        } catch {
          return;
        }
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
          const msg = m as { type?: string; code?: number; params?: string };
          if (msg.type === 'sub_result' && msg.params === 'SUPPORT_STAFF' && msg.code === 1) {
            attempt = 0;
            setState('live');
            handlers.current.onConnected();
          } else if (msg.type === 'SUPPORT_STAFF') handlers.current.onPush(m as SupportStaffPush);
        }
      };
      ws.onclose = () => {
        clearInterval(ping);
        if (stopped) return;
        setState('offline');
        retry = setTimeout(open, Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt));
        attempt += 1;
      };
      ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: 'ping', params: Date.now() })), PING_EVERY_MS);
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close(1000);
    };
  }, [token]);
  return state;
}

/** The sender's own id of a reply: random, in the server's pattern. */
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
