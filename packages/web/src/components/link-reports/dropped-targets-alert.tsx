import { Suspense, lazy, useState } from 'react';
import { Alert, Button } from 'antd';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { droppedTargetsText } from './dropped-targets-text';
import { reportKeys, useDroppedTargets } from './reports-api';

// Loaded at the first opening, outside the campaign screen's chunk.
const DeadPagesDrawer = lazy(() => import('../dead-pages/dead-pages-drawer').then((module) => ({ default: module.DeadPagesDrawer })));

/** Checks land in bursts: the report is read again once they settle. */
export const REPORT_SETTLE_MS = 2000;

/**
 * The campaign screen's tier-health line (its light count, not the reports); nothing while no target
 * is dropped. Refreshed as checks land. "Dead pages" opens the list of dead pages with what to do
 * (re-point the posts at risk, re-publish).
 */
export function DroppedTargetsAlert({ campaignId }: { campaignId: number }) {
  const targets = useDroppedTargets(campaignId);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useLiveInvalidate(`campaign/${campaignId}`, [reportKeys.droppedTargets(campaignId)], REPORT_SETTLE_MS);
  const text = targets.data ? droppedTargetsText(targets.data) : null;
  if (text === null && !used) return null;
  return (
    <>
      {text !== null && (
        <Alert
          type="warning" showIcon title={<span data-testid="dropped-targets-text">{text}</span>} style={{ marginBottom: 12 }} data-testid="dropped-targets"
          action={<Button size="small" onClick={() => { setUsed(true); setOpen(true); }} data-testid="dead-pages-open">Dead pages</Button>}
        />
      )}
      {used && (
        <Suspense fallback={null}>
          <DeadPagesDrawer campaignId={campaignId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
