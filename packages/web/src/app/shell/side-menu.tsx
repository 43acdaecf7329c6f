import { Menu } from 'antd';
import { useLocation } from 'react-router';
import { selectedMenuKey } from './selected-menu-key';
import { sideMenuItems } from './menu-items';

// The entries are constants: build the items once.
const items = sideMenuItems();

/** The side menu; `onNavigate` lets the mobile drawer close after a choice. */
export function SideMenu({ theme, onNavigate }: { theme: 'dark' | 'light'; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const selected = selectedMenuKey(pathname);
  return (
    <Menu
      data-testid="side-menu"
      theme={theme}
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      onClick={onNavigate}
    />
  );
}
