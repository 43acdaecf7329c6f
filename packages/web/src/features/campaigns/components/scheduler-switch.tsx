import { Switch } from 'antd';
import type { Campaign } from '@linkloom/shared';
import { useToggleScheduler } from '../api/campaign-api';

/**
 * The campaign's scheduler switch: Active / Inactive. It shows a loading state from the click
 * until the server answers (the spec's 1 second delay included).
 */
export function SchedulerSwitch({ campaign }: { campaign: Campaign }) {
  const toggle = useToggleScheduler(campaign.id);
  return (
    <Switch
      checked={campaign.campaignStatus === 'ACTIVE'}
      checkedChildren="Active"
      unCheckedChildren="Inactive"
      loading={toggle.isPending}
      onChange={() => toggle.mutate(campaign)}
      data-testid="scheduler-switch"
      data-status={campaign.campaignStatus}
    />
  );
}
