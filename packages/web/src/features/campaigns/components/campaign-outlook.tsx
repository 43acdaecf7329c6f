import { Typography } from 'antd';
import { shortLocalTime, type CampaignOutlook } from '@linkloom/shared';

/**
 * The campaign's next step in one line (issue 35 item 2): its next planned post (local time), posts
 * done / planned today and in all over its running projects, and the last planned post.
 */
export function CampaignOutlookLine({ outlook, now }: { outlook: CampaignOutlook | undefined; now: number }) {
  const runs = (outlook?.projects ?? []).flatMap((project) => (project.run && (project.run.state === 'running' || project.run.state === 'stopping') ? [project.run] : []));
  const starts = (outlook?.projects ?? []).flatMap((project) => (project.startsAt === null ? [] : [project.startsAt]));
  if (runs.length === 0 && starts.length === 0) return null;
  const sum = (pick: (run: (typeof runs)[number]) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const nexts = runs.flatMap((run) => (run.nextPostAt === null ? [] : [run.nextPostAt]));
  const etas = runs.flatMap((run) => (run.etaAt === null ? [] : [run.etaAt]));
  const parts: string[] = [];
  if (nexts.length > 0) parts.push(Math.min(...nexts) <= now + 1000 ? 'next post now' : `next post ${shortLocalTime(Math.min(...nexts), now)}`);
  else if (starts.length > 0) parts.push(`next start ${shortLocalTime(Math.min(...starts), now)}`);
  if (runs.length > 0) parts.push(`${sum((run) => run.todayDone)} of ${sum((run) => run.todayPlanned)} posts today`, `${sum((run) => run.done)} of ${sum((run) => run.planned)} in the running projects`);
  if (etas.length > 0 && Math.max(...etas) > now) parts.push(`last post ${shortLocalTime(Math.max(...etas), now)}`);
  return <Typography.Paragraph type="secondary" data-testid="campaign-outlook" style={{ marginBottom: 8 }}>{parts.join(' · ')}</Typography.Paragraph>;
}
