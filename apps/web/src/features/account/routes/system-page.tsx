import { Button, Dialog, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANG_NAMES } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { currentLang } from '../../../lib/i18n';
import { useLogout } from '../api/account-api';

/** Settings: language and logout with confirmation. */
export function SystemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const doLogout = useLogout();
  const confirmLogout = async () => {
    const ok = await Dialog.confirm({ content: t('user.logout_confirm'), confirmText: t('public.confirm'), cancelText: t('public.cancel') });
    if (ok) await doLogout();
  };
  return (
    <PageFrame title={t('nav.mine_system')} fallback="/user" testId="page-system">
      <List className="tp-list">
        <List.Item extra={LANG_NAMES[currentLang()]} onClick={() => navigate('/language')} arrowIcon>
          {t('user.language')}
        </List.Item>
      </List>
      <Button block color="danger" fill="outline" onClick={() => void confirmLogout()} data-testid="system-logout">
        {t('user.logout')}
      </Button>
    </PageFrame>
  );
}
