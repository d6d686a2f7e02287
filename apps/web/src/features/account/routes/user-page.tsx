import '../account.css';
import type { ReactNode } from 'react';
import { Button, Dialog, List, Switch } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  EyeInvisibleOutline,
  EyeOutline,
  GlobalOutline,
  KeyOutline,
  LoopOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  SetOutline,
  SoundOutline,
  UserAddOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountsTotal } from '@tp/domain';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadingLines, LoadError } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { useBalance } from '../../../lib/queries';
import { useTheme, usePrefs } from '../../../lib/theme';
import { resetDemoAccount, useLogout } from '../api/account-api';
import { UserHead } from '../components/user-head';

interface Entry { path: string; label: string; icon: ReactNode; testId?: string }

export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resetIntent = useIntent();
  const user = useAuth((s) => s.user);
  const demo = isDemoUser(user);
  const balance = useBalance();
  const hide = usePrefs((s) => s.hideAssets);
  const setHide = usePrefs((s) => s.setHideAssets);
  const theme = useTheme((s) => s.theme);
  const setTheme = useTheme((s) => s.setTheme);
  const doLogout = useLogout();

  // A demo account opens the real-account entries too: each of those screens says why it is for a
  // real account and offers to register or log in to one (RealAccountNotice).
  const quick: Entry[] = [
    { path: '/mine/charge', label: t('user.deposit'), icon: <BankcardOutline /> },
    { path: '/mine/withdraw', label: t('user.withdraw'), icon: <BillOutline /> },
    { path: '/mine/transfer', label: t('user.transfer'), icon: <LoopOutline /> },
    { path: '/mine/accounts', label: t('user.accounts'), icon: <UserOutline /> },
  ];
  const entries: Entry[] = [
    { path: '/mine/wallet', label: t('user.wallet'), icon: <BillOutline /> },
    { path: '/mining', label: t('nav.mining'), icon: <PayCircleOutline />, testId: 'user-mining-link' },
    { path: '/mine/auth', label: t('user.auth'), icon: <CheckShieldOutline /> },
    { path: '/mine/invite', label: t('user.invite'), icon: <UserAddOutline /> },
    { path: '/mine/password', label: t('user.password'), icon: <KeyOutline /> },
    { path: '/mine/chat', label: t('user.chat'), icon: <MessageOutline /> },
    { path: '/mine/email', label: t('user.email'), icon: <MailOutline /> },
    { path: '/mine/announcement', label: t('user.announcement'), icon: <SoundOutline /> },
    { path: '/language', label: t('user.language'), icon: <GlobalOutline />, testId: 'user-language-link' },
    { path: '/mine/system', label: t('user.settings'), icon: <SetOutline /> },
  ];

  const confirmReset = async () => {
    const ok = await Dialog.confirm({ content: t('user.reset_demo_confirm'), confirmText: t('public.confirm'), cancelText: t('public.cancel') });
    if (!ok) return;
    try {
      await resetIntent.run('reset', resetDemoAccount);
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    } catch {
      /* shown by the api client */
    }
  };

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({ content: t('user.logout_confirm'), confirmText: t('public.confirm'), cancelText: t('public.cancel') });
    if (ok) await doLogout();
  };

  let total: ReactNode;
  if (balance.isPending) total = <LoadingLines rows={1} />;
  else if (balance.isError) total = <LoadError compact onRetry={() => void balance.refetch()} />;
  else total = <span className="tp-num">{money(accountsTotal(balance.data), hide)}</span>;

  return (
    <PageFrame title={t('nav.user')} noBack withTabBar testId="page-user">
      <div className="tp-card">
        <UserHead />
        <div className="tp-assets-row tp-muted">
          <span>{t('user.total_assets')}</span>
          <button
            type="button"
            className="tp-icon-btn"
            style={{ width: 28, height: 28, fontSize: 18, color: 'var(--tp-text-2)' }}
            aria-label={hide ? t('user.show_assets') : t('user.hide_assets')}
            aria-pressed={hide}
            onClick={() => setHide(!hide)}
            data-testid="user-hide-toggle"
          >
            {hide ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        <div className="tp-assets-total" data-testid="user-total">
          {total}
        </div>
        <div className="tp-icon-grid tp-quick">
          {quick.map((q) => (
            <button key={q.path} type="button" onClick={() => navigate(q.path)} data-testid={`user-link-${q.path.split('/').pop()}`}>
              <span className="tp-quick-icon">{q.icon}</span>
              <span>{q.label}</span>
            </button>
          ))}
        </div>
      </div>

      <List className="tp-list">
        {entries.map((e) => (
          <List.Item key={e.path} prefix={<span className="tp-list-icon">{e.icon}</span>} onClick={() => navigate(e.path)} arrowIcon data-testid={e.testId ?? `user-link-${e.path.split('/').pop()}`}>
            {e.label}
          </List.Item>
        ))}
      </List>

      <List className="tp-list">
        <List.Item
          extra={<Switch checked={theme === 'dark'} onChange={(on) => setTheme(on ? 'dark' : 'light')} data-testid="user-dark-switch" aria-label={t('user.dark_mode')} />}
        >
          {t('user.dark_mode')}
        </List.Item>
      </List>

      <div className="tp-actions" style={{ marginTop: 8 }}>
        {demo ? (
          <Button block fill="outline" color="warning" onClick={() => void confirmReset()} data-testid="user-demo-reset">
            {t('user.reset_demo')}
          </Button>
        ) : null}
        <Button block color="danger" fill="outline" onClick={() => void confirmLogout()} data-testid="user-logout">
          {t('user.logout')}
        </Button>
      </div>
    </PageFrame>
  );
}
