import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { SIDEBAR_WIDTH } from '@linkloom/shared';
import { SideMenu } from './side-menu';

/** The product name at the top of the menu (initials when collapsed). */
export function Logo({ short }: { short: boolean }) {
  return (
    <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#fff', fontSize: 18, fontWeight: 600 }}>
      {short ? 'LL' : 'LinkLoom'}
    </div>
  );
}

/** The collapsible side menu of wide screens; the collapse trigger sits at its bottom. */
export function SideBar({ collapsed, onCollapse }: { collapsed: boolean; onCollapse: (collapsed: boolean) => void }) {
  return (
    <Layout.Sider
      data-testid="sider"
      data-collapsed={String(collapsed)}
      width={SIDEBAR_WIDTH}
      collapsible
      collapsed={collapsed}
      onCollapse={(next) => onCollapse(next)}
      trigger={
        <span data-testid="menu-collapse-trigger" aria-label={collapsed ? 'Expand menu' : 'Collapse menu'} style={{ display: 'block' }}>
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </span>
      }
    >
      <Logo short={collapsed} />
      <SideMenu theme="dark" />
    </Layout.Sider>
  );
}
