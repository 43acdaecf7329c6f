import { Drawer, Tabs } from 'antd';
import { AlertSettingsForm } from './alert-settings-form';
import { AlertsList } from './alerts-list';

/** Props of {@link AlertsDrawer}. */
export interface AlertsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The bell's drawer: the alerts (read only while it is open) and the alert settings. */
export function AlertsDrawer({ open, onClose }: AlertsDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} title="Alerts" size="large" data-testid="alerts-drawer">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'alerts', label: 'Alerts', children: <AlertsList /> },
          { key: 'settings', label: 'Settings', children: <AlertSettingsForm /> },
        ]}
      />
    </Drawer>
  );
}
