import '../invite.css';
import type { ReactNode } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageFrame } from '../../../components/ui/page-frame';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { plainNumber } from '../../../lib/format';
import { inviteLink, useInviteStats } from '../api/invite-api';

function InviteBody({ code }: { code: string }) {
  const { t } = useTranslation('invite');
  const link = inviteLink(window.location.origin, code);
  return (
    <>
      <div className="tp-card tp-invite-qr">
        <div className="tp-muted">{t('intro')}</div>
        {/* Level H: the code still reads with up to 30% of it damaged or covered (spec). */}
        <div className="tp-invite-qr-box" data-testid="invite-qr" data-value={link}>
          <QRCodeSVG value={link} level="H" size={184} marginSize={0} title={t('qr_title')} />
        </div>
        <div className="tp-muted">{t('qr_hint')}</div>
      </div>
      <div className="tp-card">
        <div className="tp-invite-row">
          <div className="tp-invite-label">{t('code_label')}</div>
          <div className="tp-invite-value tp-invite-code" dir="ltr" data-testid="invite-code">
            {code}
          </div>
          <CopyButton text={code} label={t('copy_code')} testId="invite-code-copy" />
        </div>
        <div className="tp-invite-row">
          <div className="tp-invite-label">{t('link_label')}</div>
          <div className="tp-invite-value" dir="ltr" data-testid="invite-link">
            {link}
          </div>
          <CopyButton text={link} label={t('copy_link')} block testId="invite-link-copy" />
        </div>
      </div>
    </>
  );
}

function InvitedCount() {
  const { t } = useTranslation('invite');
  const stats = useInviteStats(true);
  let value: ReactNode;
  if (stats.isPending) value = <LoadingLines rows={1} />;
  else if (stats.isError) value = <LoadError compact onRetry={() => void stats.refetch()} />;
  else value = <strong data-testid="invite-count">{plainNumber(stats.data.invited)}</strong>;
  return (
    <div className="tp-card tp-invite-count">
      <span className="tp-muted">{t('invited_label')}</span>
      {value}
    </div>
  );
}

/**
 * /mine/invite: the invite link (register page with the code), its QR code, the code, and how many
 * registered with it. A demo (mock) account invites no one (spec section 6): it sees why, and no
 * call is made.
 */
export function InvitePage() {
  const { t: common } = useTranslation();
  const user = useAuth((s) => s.user);
  const demo = isDemoUser(user);
  let body: ReactNode;
  if (demo) body = <RealAccountNotice testId="invite-demo-refused" />;
  else if (!user) body = <LoadingLines rows={4} />;
  else
    body = (
      <>
        <InviteBody code={user.invite_code} />
        <InvitedCount />
      </>
    );
  return (
    <PageFrame title={common('nav.mine_invite')} fallback="/user" testId="page-mine-invite">
      {body}
    </PageFrame>
  );
}
