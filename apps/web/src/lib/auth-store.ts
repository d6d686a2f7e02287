import { create } from 'zustand';
import type { Session, User } from '@tp/contracts';
import { storage, STORAGE_KEYS } from './storage';

export interface AuthState {
  token: string | null;
  user: User | null;
  setSession(session: Session): void;
  setUser(user: User): void;
  clear(): void;
}

function readUser(): User | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

/** The logged-in user. The token is kept in localStorage; the user is cached for the first paint. */
export const useAuth = create<AuthState>((set) => ({
  token: storage.get(STORAGE_KEYS.token),
  user: storage.get(STORAGE_KEYS.token) ? readUser() : null,
  setSession(session) {
    storage.set(STORAGE_KEYS.token, session.token);
    storage.set(STORAGE_KEYS.user, JSON.stringify(session.user));
    set({ token: session.token, user: session.user });
  },
  setUser(user) {
    storage.set(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
  clear() {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.user);
    set({ token: null, user: null });
  },
}));

export const isDemoUser = (user: User | null | undefined): boolean => user?.is_demo === 1;
