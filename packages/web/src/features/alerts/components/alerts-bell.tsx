import { Suspense, lazy } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';

// The badge, its live updates and the drawer are a chunk of their own: the first load carries the icon only.
const AlertsBellLive = lazy(() => import('./alerts-bell-live').then((module) => ({ default: module.AlertsBellLive })));

/** The bell as it shows while its chunk arrives: the icon, nothing to click yet. */
function BellPlaceholder() {
  return <Button type="text" icon={<BellOutlined />} aria-label="Alerts" data-testid="alerts-bell" />;
}

/** The header's bell (issue 36): the unread alerts' count, live; a click opens their list and the alert settings. */
export function AlertsBell() {
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <AlertsBellLive />
    </Suspense>
  );
}
