import { Suspense, lazy, useState } from 'react';
import { Layout, theme } from 'antd';
import { Outlet } from 'react-router';
import { HEADER_RESIZE_DEBOUNCE_MS, MOBILE_MAX_WIDTH } from '@linkloom/shared';
import { useViewportWidth } from '@/lib/use-viewport-width';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { SideBar } from './side-nav';
import { UpdateBanner } from './update-banner';
import { useMenuCollapsed } from './use-menu-collapsed';

const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })));

/** The common page frame of every signed-in screen: side menu, header, content, footer. */
export function AppFrame() {
  const [collapsed, setCollapsed] = useMenuCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isMobile = useViewportWidth(HEADER_RESIZE_DEBOUNCE_MS) <= MOBILE_MAX_WIDTH;
  const { token } = theme.useToken();

  return (
    // hasSider: the side menu stands beside the content from the first paint (antd otherwise learns
    // of the Sider in an effect, after a first frame with the menu stacked above the content).
    <Layout hasSider={!isMobile} style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : (
        <SideBar collapsed={collapsed} onCollapse={setCollapsed} />
      )}
      <Layout>
        <AppHeader isMobile={isMobile} onOpenDrawer={() => setDrawerOpen(true)} />
        <Layout.Content style={{ margin: isMobile ? 8 : 16 }}>
          <UpdateBanner />
          <div style={{ padding: isMobile ? 16 : 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
            <Outlet />
          </div>
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
