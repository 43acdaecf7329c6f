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
  // The same array while the selection stays: rc-menu copies a new one into its state in a layout
  // effect, and that update re-rendered the whole menu synchronously before the first paint (issue 10).
  const selectedKeys = useMemo(() => (selected ? [selected] : []), [selected]);
  return (
    <Menu
      data-testid="side-menu"
      theme={theme}
      mode="inline"
      items={items}
      selectedKeys={selectedKeys}
      onClick={onNavigate}
    />
  );
}
