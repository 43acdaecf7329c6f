import { Alert } from 'antd';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { droppedTargetsText } from './dropped-targets-text';
import { reportKeys, useDroppedTargets } from './reports-api';

/** Checks land in bursts: the report is read again once they settle. */
export const REPORT_SETTLE_MS = 2000;

/** The campaign screen's tier-health line (its light count, not the reports); nothing while no target is dropped. Refreshed as checks land. */
export function DroppedTargetsAlert({ campaignId }: { campaignId: number }) {
  const targets = useDroppedTargets(campaignId);
  useLiveInvalidate(`campaign/${campaignId}`, [reportKeys.droppedTargets(campaignId)], REPORT_SETTLE_MS);
  const text = targets.data ? droppedTargetsText(targets.data) : null;
  if (text === null) return null;
  return <Alert type="warning" showIcon title={text} style={{ marginBottom: 12 }} data-testid="dropped-targets" />;
}
