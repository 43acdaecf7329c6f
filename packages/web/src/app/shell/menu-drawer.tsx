import { Drawer } from 'antd';
import { SIDEBAR_WIDTH } from '@linkloom/shared';
import { SideMenu } from './side-menu';
import { Logo } from './side-nav';

/**
 * The same menu in a drawer on narrow screens (spec 1: below 576 px). Loaded only there
 * (app-frame.tsx), so wide screens never fetch the drawer.
 */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      data-testid="menu-drawer"
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDEBAR_WIDTH}
      closable={false}
      styles={{ body: { padding: 0, background: '#001529' } }}
    >
      <Logo short={false} />
      <SideMenu theme="dark" onNavigate={onClose} />
    </Drawer>
  );
}
