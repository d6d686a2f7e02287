import '../company.css';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { isDemoUser, useAuth } from '../../../lib/auth-store';

/** The announcement's paragraphs in order; `restricted` is the statement on unserved countries (spec section 1). */
export const ANNOUNCEMENT_PARAGRAPHS = ['welcome', 'risk', 'restricted', 'security', 'contact'] as const;

/**
 * /mine/announcement: static text in the user's language. A demo (mock) account sees a test
 * marker beside the title (spec: "for the demo title a test marker"), so a screenshot of a demo
 * session is never taken for a real one.
 */
export function AnnouncementPage() {
  const { t } = useTranslation('company');
  const { t: common } = useTranslation();
  const demo = isDemoUser(useAuth((s) => s.user));
  return (
    <PageFrame title={common('nav.mine_announcement')} fallback="/user" testId="page-mine-announcement">
      <article className="tp-card tp-announcement" data-testid="announcement">
        <h2 data-testid="announcement-title">
          <span>{t('announcement.title')}</span>
          {demo ? (
            <span className="tp-test-marker" data-testid="announcement-test-marker">
              {t('announcement.test_marker')}
            </span>
          ) : null}
        </h2>
        {ANNOUNCEMENT_PARAGRAPHS.map((key) => (
          <p key={key} className={key === 'restricted' ? 'tp-announcement-restricted' : undefined} data-testid={`announcement-${key}`}>
            {t(`announcement.${key}`)}
          </p>
        ))}
      </article>
    </PageFrame>
  );
}
