import type { ProjectCount } from '@linkloom/shared';
import { CellGroup } from '@/components/cell-group';
import { StatusTag } from '@/components/status-tag';

const COUNTS: readonly { key: keyof ProjectCount; status: string; label: string }[] = [
  { key: 'scheduled', status: 'SCHEDULED', label: 'scheduled' },
  { key: 'running', status: 'RUNNING', label: 'running' },
  { key: 'starting', status: 'STARTING', label: 'starting' },
  { key: 'failed', status: 'FAILED', label: 'failed' },
];

/** The campaign list's Project Count tags: one tag per kind, in the status colours. */
export function ProjectCountTags({ count, campaignId }: { count: ProjectCount; campaignId: number }) {
  return (
    <CellGroup gap={4} wrap data-testid={`project-count-${campaignId}`}>
      {COUNTS.map(({ key, status, label }) => (
        <StatusTag key={key} status={status}>{`${count[key]} ${label}`}</StatusTag>
      ))}
    </CellGroup>
  );
}

/** Scheduler Status: Active or Inactive (a paused campaign). */
export function SchedulerStatusTag({ status }: { status: string }) {
  return <StatusTag status={status === 'ACTIVE' ? 'RUNNING' : 'STOPPED'}>{status === 'ACTIVE' ? 'Active' : 'Inactive'}</StatusTag>;
}
