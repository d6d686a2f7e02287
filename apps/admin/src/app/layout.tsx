import { useState, type CSSProperties } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button, ConfigProvider, Layout, Menu, Space, Typography, theme } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@tp/contracts';
import { call, signOutLocally } from '../lib/api';
import { LanguageSelect, ThemeSwitch } from '../components/preferences';
import { useSession } from '../lib/session-store';
import type { PageEntry } from './pages';

const { Header, Sider, Content } = Layout;

/** The menu entry of the current route: the longest registry path the location starts with. */
function selectedPath(pathname: string, pages: readonly PageEntry[]): string[] {
  const here = pathname.replace(/^\/+/, '');
  const match = pages.filter((p) => here === p.path || here.startsWith(`${p.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  return match ? [match.path] : [];
}

function HeaderTools() {
  const { t } = useTranslation();
  const email = useSession((s) => s.staff?.email);
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    setLeaving(true);
    // The server ends the session; whatever it answers, this browser forgets the token.
    await call(endpoints.admin.logout, undefined, { silent: true }).catch(() => undefined);
    signOutLocally();
  };
  return (
    <Space size="middle">
      <LanguageSelect />
      <ThemeSwitch />
      <Typography.Text data-testid="staff-email">{email}</Typography.Text>
      <Button icon={<LogoutOutlined />} onClick={() => void logout()} loading={leaving} data-testid="logout">
        {t('header.logout')}
      </Button>
    </Space>
  );
}

const SIDER_STYLE: CSSProperties = { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto', overflowX: 'hidden', scrollbarWidth: 'thin' };
/** Every entry of the admin's menu fits a 800 px high window (18 entries). */
const COMPACT_MENU = { components: { Menu: { itemHeight: 34, itemMarginBlock: 2 } } };

/** The signed-in frame: the side menu of the pages this role may use, the header, the page. */
export function AdminLayout({ pages }: { pages: readonly PageEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* The menu stays in view while a long page scrolls, and scrolls by itself when the window is
          too short for every entry (the collapse bar below it never covers one). */}
      <Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={220} theme="dark" style={SIDER_STYLE} data-testid="side-bar">
        <div style={{ color: '#fff', fontWeight: 600, fontSize: 16, padding: '14px 24px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {collapsed ? t('brand_short') : t('brand')}
        </div>
        <ConfigProvider theme={COMPACT_MENU}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selectedPath(pathname, pages)}
            items={pages.map(({ path, navKey, icon: Icon }) => ({ key: path, icon: <Icon />, label: <Link to={`/${path}`}>{t(navKey)}</Link> }))}
            data-testid="side-menu"
          />
        </ConfigProvider>
      </Sider>
      <Layout>
        <Header style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`, display: 'flex', justifyContent: 'flex-end', alignItems: 'center', padding: '0 24px' }}>
          <HeaderTools />
        </Header>
        <Content style={{ padding: 24 }}>
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
