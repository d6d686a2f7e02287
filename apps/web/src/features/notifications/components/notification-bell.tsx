import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { useNotificationUnread } from '../model/live';

/** The header's bell: the unread count, live; opens /notifications. Nothing for a visitor. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const unread = useNotificationUnread();
  if (!token) return null;
  return (
    <button type="button" className="tp-icon-btn" aria-label={unread > 0 ? t('notifications.bell_unread', { count: unread }) : t('notifications.title')} onClick={() => navigate('/notifications')} data-testid="header-bell">
      <span data-testid="header-bell-badge" data-count={unread} style={{ display: 'inline-flex' }}>
        <Badge content={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null}>
          <BellOutline />
        </Badge>
      </span>
    </button>
  );
}
