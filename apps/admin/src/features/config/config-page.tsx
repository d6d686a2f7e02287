import { lazy, Suspense } from 'react';
import { Segmented, Spin, Typography } from 'antd';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import './config.css';

/** The configuration areas, each its own route below `#/config/` and its own lazy chunk. */
const AREAS = [
  { path: 'symbols', element: lazy(() => import('./symbols-page')) },
  { path: 'options', element: lazy(() => import('./options-page')) },
  { path: 'settings', element: lazy(() => import('./settings-page')) },
  { path: 'deposit-addresses', element: lazy(() => import('./deposits-page').then((m) => ({ default: m.DepositAddressesPage }))) },
  { path: 'collection-accounts', element: lazy(() => import('./deposits-page').then((m) => ({ default: m.CollectionAccountsPage }))) },
  { path: 'companies', element: lazy(() => import('./companies-page')) },
  { path: 'news', element: lazy(() => import('./news-page')) },
  { path: 'funds', element: lazy(() => import('./funds-page')) },
] as const;

/** Platform configuration (admin role): symbols, options, base settings, deposits, companies, news, mining funds. */
export default function ConfigPage() {
  const { t } = useTranslation('config');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = AREAS.find((a) => pathname.includes(`/config/${a.path}`))?.path ?? 'symbols';
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Segmented
        value={current}
        onChange={(v) => void navigate(`/config/${v}`)}
        options={AREAS.map((a) => ({ value: a.path, label: <span data-testid={`config-tab-${a.path}`}>{t(`areas.${a.path}`)}</span> }))}
        style={{ marginBottom: 16 }}
      />
      <Suspense fallback={<Spin />}>
        <Routes>
          <Route index element={<Navigate to="symbols" replace />} />
          {AREAS.map(({ path, element: Area }) => (
            <Route key={path} path={path} element={<Area />} />
          ))}
        </Routes>
      </Suspense>
    </>
  );
}
