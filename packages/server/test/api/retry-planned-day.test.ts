/**
 * A retried post keeps its planned day (issue 18.4's posts-per-day report) on both databases: a
 * private project's post is planned on day D; late that day its blog (a local WordPress stand-in)
 * is down, so the post is retried after the options' wait, which falls on day D+1, and published
 * then. The report shows it planned on D and published on D+1: the retry's wait is kept apart
 * (engine_posts.not_before, migration 0036) from the plan's instant. The run's jobs are run one by
 * one with a clock the test sets (AppContext.clock), so the days are the test's, not the wall's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, LinkReportSchema } from '@linkloom/shared';
import type { AppContext } from '../../src/app-context';
import type { Clock } from '../../src/platform/clock';
import { projectRunJob } from '../../src/engine/runner/project-run.job';
import { postPublishJob } from '../../src/engine/runner/post-publish.job';
import { startProjectRun } from '../../src/engine/runner/start-project-run';
import { saveOptions } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

/** A clock that shows what the test sets. */
class SetClock implements Clock {
  constructor(public at: number) {}
  now(): number {
    return this.at;
  }
  wallTime(at: number): number {
    return Date.now() + (at - this.at);
  }
}

const signal = () => new AbortController().signal;

describe.each(DATABASES)('a retried post keeps its planned day on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  let blog: WordPressStandIn;

  beforeAll(async () => {
    if (skip) return;
    blog = await startWordPressStandIn();
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 2, timeToWaitBeforeRetry: 60 });
  });
  afterAll(async () => {
    if (skip) return;
    await blog.close();
  });

  it.skipIf(skip)('planned on D, failed late on D and retried on D+1: the report says planned D, published D+1', async () => {
    const dayD = Math.floor(Date.now() / DAY_MS) * DAY_MS - 20 * DAY_MS;
    const clock = new SetClock(dayD + 12 * 3_600_000);
    const engine: AppContext = { ...ctx.server.context, clock };
    const w = await buildPrivateProjectWorld(db(), ann.id, [{ url: blog.url, username: 'admin', password: 'app password' }]);
    await startProjectRun(engine, ann.id, w.projectId, { from: ['NEW'] });
    const run = await db().selectFrom('project_runs').select('id').where('project_id', '=', w.projectId).executeTakeFirstOrThrow();
    await projectRunJob(engine).handler({ id: 'run-1', name: 'project.run', payload: { ownerId: ann.id, projectId: w.projectId, runId: run.id }, attempt: 1, signal: signal() });
    const planned = await db().selectFrom('engine_posts').select(['id', 'start_after', 'created_at']).where('project_id', '=', w.projectId).executeTakeFirstOrThrow();
    expect(Number(planned.created_at)).toBe(dayD + 12 * 3_600_000);

    // Late on D the blog is down: the post is retried 60 s later, on D+1.
    blog.refuseNextCreates = 1;
    clock.at = dayD + DAY_MS - 30_000;
    const publish = postPublishJob(engine);
    await publish.handler({ id: 'publish-1', name: 'post.publish', payload: { ownerId: ann.id, postId: planned.id }, attempt: 1, signal: signal() });
    const retried = await db().selectFrom('engine_posts').select(['state', 'job_id', 'start_after', 'not_before', 'attempts']).where('id', '=', planned.id).executeTakeFirstOrThrow();
    // A 5xx answer to the create leaves the outcome unknown: still `publishing`, the retry looks first.
    expect(retried).toMatchObject({ state: 'publishing', attempts: 1, start_after: planned.start_after });
    expect(Number(retried.not_before)).toBe(dayD + DAY_MS + 30_000);

    // The retry runs on D+1 and publishes.
    clock.at = dayD + DAY_MS + 60_000;
    await publish.handler({ id: retried.job_id!, name: 'post.publish', payload: { ownerId: ann.id, postId: planned.id }, attempt: 1, signal: signal() });
    const done = await db().selectFrom('engine_posts').select(['state', 'updated_at']).where('id', '=', planned.id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ state: 'published' });
    expect(Number(done.updated_at)).toBe(dayD + DAY_MS + 60_000);

    const report = LinkReportSchema.parse((await ann.agent.request('GET', `/rest/project/${w.projectId}/reports`)).json());
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(report.postsPerDay.filter((row) => row.projectId === w.projectId).map((row) => [row.day, row.planned, row.published])).toEqual([
      [day(dayD), 1, 0],
      [day(dayD + DAY_MS), 0, 1],
    ]);
  });
});
