import { Button, Flex, Layout, Space, theme } from 'antd';
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
        <Space size="middle">
          <a href={HELP_URL} target="_blank" rel="noopener noreferrer" data-testid="help-link">
            <QuestionCircleOutlined /> Help
          </a>
          <AlertsBell />
          <UserMenu />
        </Space>
      </Flex>
    </Layout.Header>
  );
}
