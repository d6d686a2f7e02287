import '../notifications.css';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError } from '../../../components/ui/states';
import { DateTime } from '../../../components/ui/date-time';
import { PullRefresh } from '../../../components/ui/pull-refresh';
import { useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { markRead, NOTIFICATIONS_KEY, notificationsQuery } from '../api/notifications';
import { useNotificationUnread } from '../model/live';

/** Placeholders of the list while its first page loads: rows of the list's own shape. */
function RowSkeletons() {
  return (
    <div aria-busy="true" data-testid="notifications-loading">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="tp-notice">
          <span className="tp-sk" style={{ width: '45%', height: 16 }} />
          <span className="tp-sk" style={{ width: '95%', height: 14, marginTop: 8 }} />
          <span className="tp-sk" style={{ width: '30%', height: 12, marginTop: 8 }} />
        </div>
      ))}
    </div>
  );
}

/** /notifications: what happened to the user's money and requests, newest first, paged; a tap marks it read and opens it. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  // Kept live by the bell's NOTIFY subscription (it refreshes every notifications query).
  const unread = useNotificationUnread();
  const query = useInfiniteQuery(notificationsQuery(token, i18n.language));
  const pages = query.data?.pages;
  const items = pages?.flatMap((p) => p.data) ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const open = async (n: NotificationItem) => {
    if (n.read === 0) {
      // Opening is reading: marked first, so the count is right when the user comes back.
      await markRead({ id: n.id }).catch(() => undefined);
      void refresh();
    }
    if (n.link) navigate(n.link);
  };
  const readAll = async () => {
    try {
      await markRead({ all: 1 });
      await refresh();
    } catch {
      toast(t('public.load_failed'));
    }
  };

  return (
    <PageFrame
      title={t('notifications.title')}
      fallback="/"
      testId="page-notifications"
      right={
        <button type="button" className="tp-icon-btn" aria-label={t('notifications.settings')} onClick={() => navigate('/notifications/settings')} data-testid="notifications-settings-link">
          <SetOutline />
        </button>
      }
    >
      {!pages ? (
        query.isError ? <LoadError onRetry={() => void query.refetch()} /> : <RowSkeletons />
      ) : items.length === 0 ? (
        <Empty>{t('notifications.empty')}</Empty>
      ) : (
        <PullRefresh onRefresh={() => void refresh()}>
          <div className="tp-notices-bar">
            <span className="tp-muted" data-testid="notifications-unread">{t('notifications.unread_count', { count: unread })}</span>
            <button type="button" className="tp-link-btn" disabled={unread === 0} onClick={() => void readAll()} data-testid="notifications-read-all">
              {t('notifications.read_all')}
            </button>
          </div>
          <div data-testid="notifications-list">
            {items.map((n) => (
              <button type="button" key={n.id} className={`tp-notice${n.read ? '' : ' tp-notice-unread'}`} onClick={() => void open(n)} data-testid="notification" data-id={n.id} data-kind={n.kind} data-read={n.read}>
                <span className="tp-notice-head">
                  {n.read ? null : <span className="tp-notice-dot" aria-label={t('notifications.unread')} />}
                  <b className="tp-notice-title">{n.title}</b>
                </span>
                <span className="tp-notice-body">{n.body}</span>
                <span className="tp-muted tp-notice-time">
                  <DateTime value={n.created_at} />
                </span>
              </button>
            ))}
            <PagedFooter query={query} testId="notifications" />
          </div>
        </PullRefresh>
      )}
    </PageFrame>
  );
}
