import { useMemo } from 'react';
import { Menu } from 'antd';
import { useLocation } from 'react-router';
import { selectedMenuKey } from './selected-menu-key';
import { sideMenuItems } from './menu-items';

/** The side menu; `onNavigate` lets the mobile drawer close after a choice. */
export function SideMenu({ theme, onNavigate }: { theme: 'dark' | 'light'; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const selected = selectedMenuKey(pathname);
  // Built at render: which screens exist is registered when app/screens.tsx loads.
  const items = useMemo(() => sideMenuItems(), []);
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
