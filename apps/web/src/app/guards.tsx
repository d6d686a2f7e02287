import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-store';
import { loginPathFor } from '../lib/login-path';

/** Pages that need an account: a visitor is sent to /login?from=<original path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuth((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
