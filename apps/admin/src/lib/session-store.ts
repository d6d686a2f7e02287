import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AdminRole, AdminSession } from '@tp/contracts';
import { STORAGE_KEYS } from './storage';

export interface StaffMember {
  id: number;
  email: string;
  role: AdminRole;
}

interface SessionState {
  token: string | null;
  staff: StaffMember | null;
  signIn(session: AdminSession): void;
  signOut(): void;
}

/**
 * The role of a login answer. Sessions from before staff roles carry none: every such staff
 * member was an admin, so that is what they are treated as.
 */
function roleOf(admin: AdminSession['admin']): AdminRole {
  const role = (admin as { role?: AdminRole }).role;
  return role ?? 'admin';
}

/** The signed-in staff member and the admin token, kept across reloads (its own storage key). */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      staff: null,
      signIn(session) {
        set({ token: session.token, staff: { id: session.admin.id, email: session.admin.email, role: roleOf(session.admin) } });
      },
      signOut() {
        set({ token: null, staff: null });
      },
    }),
    { name: STORAGE_KEYS.session, storage: createJSONStorage(() => localStorage), partialize: ({ token, staff }) => ({ token, staff }) },
  ),
);
