import { Suspense, lazy, useState } from 'react';
import { Badge, Button, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useUnreadAlerts } from '../api/alerts-api';
import { useAlertsLive } from '../api/use-alerts-live';

// The list and the settings load at the first opening and stay mounted from then on (closing keeps its animation).
const AlertsDrawer = lazy(() => import('./alerts-drawer').then((module) => ({ default: module.AlertsDrawer })));

/** The unread count on the bell (a red pill, as antd's own, but one the tests can name), in the darker red that white text reads on (contrast-theme.css). */
function UnreadCount({ unread }: { unread: number }) {
  const { token } = theme.useToken();
  return (
    <span
      data-testid="alerts-count" data-count={unread}
      style={{
        display: 'inline-block', minWidth: 16, height: 16, padding: '0 4px', borderRadius: 8, background: 'var(--ant-color-error, #cf1322)', color: token.colorTextLightSolid,
        fontSize: 11, lineHeight: '16px', textAlign: 'center', boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
      }}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/** The bell with the unread count (kept live) and, once opened, the alerts drawer. */
export function AlertsBellLive() {
  useAlertsLive();
  const unread = useUnreadAlerts().data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const label = unread === 0 ? 'Alerts' : `Alerts: ${unread} unread`;
  return (
    <>
      <Badge count={unread > 0 ? <UnreadCount unread={unread} /> : 0} offset={[-6, 6]}>
        <Button
          type="text" icon={<BellOutlined />} aria-label={label} title={label} data-testid="alerts-bell"
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        />
      </Badge>
      {used && (
        <Suspense fallback={null}>
          <AlertsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
