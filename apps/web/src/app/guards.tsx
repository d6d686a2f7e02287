import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-store';

export function loginPathFor(pathname: string, search: string): string {
  return `/login?from=${encodeURIComponent(pathname + search)}`;
}

/** Pages that need an account: a visitor is sent to /login?from=<original path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuth((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
