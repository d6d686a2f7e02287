import { Suspense, useEffect, useState } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginPage } from '../features/auth/login-page';
import { useSession } from '../lib/session-store';
import { AdminLayout } from './layout';
import { PAGES, pagesFor, type PageEntry } from './pages';
import { createQueryClient, Providers } from './providers';

function PageLoading() {
  return <Spin size="large" style={{ display: 'block', margin: '4rem auto' }} data-testid="screen-loading" />;
}

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('not_found.title')} subTitle={t('not_found.text')} />;
}

/** The routes of the signed-in console: the registry's pages this role may use. */
function SignedIn({ pages }: { pages: readonly PageEntry[] }) {
  const role = useSession((s) => s.staff?.role);
  const allowed = pagesFor(role, pages);
  return (
    <Routes>
      <Route element={<AdminLayout pages={allowed} />}>
        {allowed[0] ? <Route index element={<Navigate to={`/${allowed[0].path}`} replace />} /> : null}
        {allowed.map(({ path, element: Page }) => (
          <Route
            key={path}
            path={`${path}/*`}
            element={
              <Suspense fallback={<PageLoading />}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** The console: the login page until a staff member signs in, then the layout and its pages. */
export function App({ pages = PAGES }: { pages?: readonly PageEntry[] }) {
  const [queryClient] = useState(createQueryClient);
  const signedIn = useSession((s) => s.token !== null);
  // What one staff member loaded is never shown to the next one signing in on this browser.
  useEffect(() => {
    if (!signedIn) queryClient.clear();
  }, [signedIn, queryClient]);
  return (
    <Providers queryClient={queryClient}>
      <HashRouter>
        {signedIn ? (
          <SignedIn pages={pages} />
        ) : (
          <Routes>
            <Route path="*" element={<LoginPage />} />
          </Routes>
        )}
      </HashRouter>
    </Providers>
  );
}
