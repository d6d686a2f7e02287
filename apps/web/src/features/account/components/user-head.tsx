import '../account.css';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadingLines } from '../../../components/ui/states';
import { isDemoUser, useAuth } from '../../../lib/auth-store';

/** The user screen's head: initial, e-mail (a demo account's badge) and uid, from the stored session. */
export function UserHead() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const demo = isDemoUser(user);
  const initial = (user?.email ?? user?.uid ?? '?').slice(0, 1).toUpperCase();
  return (
    <div className="tp-user-head">
      <div className="tp-avatar" aria-hidden>
        {initial}
      </div>
      <div className="tp-who">
        <div className="tp-email">
          <span data-testid="user-email" dir="ltr">{user?.email ?? (demo ? '' : '--')}</span>
          {demo ? (
            <span className="tp-badge" data-testid="user-mock-badge" style={{ marginInlineStart: user?.email ? 6 : 0 }}>
              {t('public.mock_account')}
            </span>
          ) : null}
        </div>
        <div className="tp-muted">
          <span data-testid="user-uid">{t('user.uid', { uid: user?.uid ?? '--' })}</span>
        </div>
      </div>
    </div>
  );
}

/**
 * /user while its chunk loads: the screen's frame and its head, which need nothing but the stored
 * session, and skeleton lines where the assets and shortcuts come. Part of the first load, so the
 * user sees who is signed in as soon as the app renders; the screen then takes the same place.
 */
export function UserScreenShell() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.user')} noBack withTabBar testId="screen-loading">
      <div className="tp-card">
        <UserHead />
        <LoadingLines rows={3} />
      </div>
    </PageFrame>
  );
}
