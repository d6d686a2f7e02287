import { TabBar } from 'antd-mobile';
import { AppOutline, BillOutline, HistogramOutline, TeamOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TABS, type TabPath } from './routes';

const ICONS: Record<string, ReactNode> = {
  home: <AppOutline />,
  trade: <HistogramOutline />,
  order: <BillOutline />,
  follow: <TeamOutline />,
  rank: <UnorderedListOutline />,
  user: <UserOutline />,
};

export function AppTabBar({ active }: { active: TabPath }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className="tp-tabbar" aria-label={t('nav.home')}>
      <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea={false}>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.path} icon={ICONS[tab.key]} title={t(`tab.${tab.key}`)} data-testid={`tab-${tab.key}`} />
        ))}
      </TabBar>
    </nav>
  );
}
