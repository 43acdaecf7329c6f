import { projectKind, spreadDays, spreadStartTimes } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { JOB } from '../jobs/job-names';
import { readSchedule } from '../scheduler/schedule-rules';
import { POST_JOB_RETRIES } from './post-publish.job';

/**
 * A schedule edited while its project runs (issue 35): the run's posts that have not begun take
 * the new pace from the next one on. Each post keeps its place in the run (post i of n) and gets
 * the start the new schedule gives it, counted from the run's planned start (Once: now; Spread over nDay
 * days: start + i·nDay·24 h/n, never before now); posts already publishing or done are left as
 * they are. A post that must now start earlier than its waiting job gets a new job for its new
 * start (a held post's waiting job is cancelled first); one that starts later needs nothing, as
 * its job holds it again on waking (post-hold). Returns how many posts moved.
 */
export async function retimeRunningPosts(ctx: AppContext, ownerId: number, projectId: number): Promise<number> {
  const { db } = ctx.database;
  const project = await db.selectFrom('projects').select(['module', 'schedule', 'status'])
    .where('id', '=', projectId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (project?.status !== 'RUNNING') return 0;
  const run = await db.selectFrom('project_runs').select(['id', 'state'])
    .where('project_id', '=', projectId).where('owner_id', '=', ownerId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (run?.state !== 'running') return 0;
  const posts = await db.selectFrom('engine_posts').select(['id', 'state', 'start_after', 'not_before', 'job_id', 'created_at'])
    .where('run_id', '=', run.id).orderBy('id', 'asc').execute();
  const [first] = posts;
  if (first === undefined) return 0;
  // The plan's own start: the posts were written at the instant their starts were counted from.
  const times = spreadStartTimes(posts.length, spreadDays(readSchedule(project.schedule)), Number(first.created_at));
  const now = ctx.clock.now();
  const kind = projectKind(project.module);
  const name = kind === 'indexerproject' ? JOB.indexerSubmit : kind === 'acproject' ? JOB.accountRegister : JOB.postPublish;
  let moved = 0;
  for (const [index, post] of posts.entries()) {
    if (post.state !== 'planned') continue;
    const wanted = times[index]! > now ? times[index]! : null;
    const before = post.start_after === null ? null : Number(post.start_after);
    if (wanted === before) continue;
    let query = db.updateTable('engine_posts').set({ start_after: wanted, updated_at: now })
      .where('id', '=', post.id).where('state', '=', 'planned');
    query = before === null ? query.where('start_after', 'is', null) : query.where('start_after', '=', before);
    if (Number((await query.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    moved += 1;
    if ((wanted ?? now) >= (before ?? now)) continue;
    // Only a waiting job is cancelled: a running one is deciding now and finds the new start itself.
    if (post.job_id !== null && (await ctx.queue.getJob(post.job_id))?.state === 'created') await ctx.queue.cancel(post.job_id);
    const due = Math.max(wanted ?? 0, post.not_before === null ? 0 : Number(post.not_before));
    await ctx.queue.send(name, { ownerId, postId: post.id }, {
      ...POST_JOB_RETRIES, ...(due > now ? { startAfter: new Date(ctx.clock.wallTime(due)) } : {}),
    });
  }
  return moved;
}
