import { Button, Flex, Layout, theme } from 'antd';
import { MenuOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { HELP_URL } from '@linkloom/shared';
import { AlertsBell } from '@/features/alerts';
import { UserMenu } from './user-menu';

/** The header: the drawer button on mobile, the help link, the alerts' bell and the user menu. */
export function AppHeader({ isMobile, onOpenDrawer }: { isMobile: boolean; onOpenDrawer: () => void }) {
  const { token } = theme.useToken();
  return (
    <Layout.Header style={{ background: token.colorBgContainer, padding: '0 16px', lineHeight: 'normal', height: 56 }}>
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <div>
          {isMobile && (
            <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" data-testid="menu-drawer-trigger" onClick={onOpenDrawer} />
          )}
        </div>
        {/* minWidth 0: on a phone a long user name shortens (user-menu.tsx) instead of widening the page. */}
        <Flex align="center" gap="middle" style={{ minWidth: 0 }}>
          <a href={HELP_URL} target="_blank" rel="noopener noreferrer" data-testid="help-link" style={{ whiteSpace: 'nowrap' }}>
            <QuestionCircleOutlined /> Help
          </a>
          <AlertsBell />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
