import '../alerts.css';
import { Tabs } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALERT_STATUS, type AlertStatus } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { alertPagesQuery } from '../api/alerts';
import { useAlertActions } from '../api/use-alert-actions';
import { AlertRow } from '../components/alert-row';

const STATUSES: readonly AlertStatus[] = [ALERT_STATUS.waiting, ALERT_STATUS.fired, ALERT_STATUS.cancelled];
/** While alerts wait, the list is read again this often: one may fire while it is on screen. */
const WAITING_REFRESH_MS = 5000;

function AlertList({ status }: { status: AlertStatus }) {
  const token = useAuth((s) => s.token);
  const query = useInfiniteQuery({ ...alertPagesQuery(token, status), refetchInterval: status === ALERT_STATUS.waiting ? WAITING_REFRESH_MS : false });
  const { cancel, cancellingId } = useAlertActions();
  const pages = query.data?.pages;
  if (!pages) {
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    return (
      <div className="tp-card">
        <LoadingLines rows={3} />
      </div>
    );
  }
  const alerts = pages.flatMap((p) => p.data);
  if (alerts.length === 0) return <Empty />;
  return (
    <div className="tp-card tp-alert-page-list" data-testid={`alerts-list-${status}`}>
      {alerts.map((a) => (
        <AlertRow key={a.id} alert={a} showSymbol onCancel={(x) => void cancel(x)} cancelling={cancellingId === a.id} />
      ))}
      <PagedFooter query={query} testId={`alerts-list-${status}`} />
    </div>
  );
}

/** /alerts: every price alert of the user by status (waiting, fired, cancelled), the tab kept in `status`. */
export function AlertsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('status'));
  const status = (STATUSES as readonly number[]).includes(asked) ? (asked as AlertStatus) : ALERT_STATUS.waiting;
  return (
    <PageFrame title={t('nav.alerts')} fallback="/trade" testId="page-alerts">
      <Tabs activeKey={String(status)} onChange={(k) => setParams({ status: k }, { replace: true })}>
        {STATUSES.map((s) => (
          <Tabs.Tab key={String(s)} title={<span data-testid={`alerts-tab-${s}`}>{t(`alerts.status_${s}`)}</span>} />
        ))}
      </Tabs>
      <div style={{ marginTop: 10 }}>
        <AlertList key={status} status={status} />
      </div>
    </PageFrame>
  );
}
