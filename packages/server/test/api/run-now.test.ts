/**
 * Run now and schedules edited while a project runs (issue 35 item 1), on both databases, through
 * the real engine (queue, runner, scheduler) posting to local WordPress stand-ins:
 * - a scheduled tier starts at once with POST /action/run_now/project/{id}: its schedule stays
 *   (RUNNING, then DONE), its start job is cancelled, and its AfterProject child still starts when it
 *   completes; a child waiting for its parent can be started early, and its parent's completion does
 *   not start it a second time;
 * - a schedule edited while its project runs re-times the run's next posts (slower: later; Once:
 *   at once) and the project keeps running;
 * - every refusal says what to do instead.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CampaignOutlookSchema, PROJECT_LIFECYCLE_MESSAGES, ProjectRowSchema, RunOutlookSchema, SCHEDULE_MESSAGES, DAY_MS } from '@linkloom/shared';
import { startEngine } from '../../src/engine/jobs/engine';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld, type PrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { untilWithin } from '../support/until';
import { standInLogin, useWordPressStandIns } from '../support/wordpress-stand-in';

const until = untilWithin(30_000);
/** A start far away: only Run now starts these projects. */
const LATER = '24/12/2030 18:30';

describe.each(DATABASES)('Run now and live schedule edits on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  beforeAll(async () => {
    if (skip) return;
    await startEngine(ctx.server.context);
  });
  const blogs = useWordPressStandIns(2, skip);

  const login = standInLogin;
  const saveSchedule = (projectId: number, schedule: object) =>
    ann.agent.request('POST', `/rest/schedule/${projectId}`, { body: { status: 'SCHEDULED', schedule } });
  const runNow = (projectId: number, agent = ann.agent) => agent.request('POST', `/action/run_now/project/${projectId}`);
  const project = async (id: number) => {
    const row = await db().selectFrom('projects').select(['status', 'schedule', 'next_run_at', 'schedule_job_id', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
    return { ...row, schedule: JSON.parse(row.schedule ?? 'null') as Record<string, unknown> | null };
  };
  const runsOf = async (id: number) => db().selectFrom('project_runs').select(['id', 'state']).where('project_id', '=', id).orderBy('id').execute();
  const postsOf = async (id: number) => (await db().selectFrom('engine_posts').select(['id', 'state', 'start_after']).where('project_id', '=', id).orderBy('id').execute())
    .map((post) => ({ ...post, start_after: post.start_after === null ? null : Number(post.start_after) }));
  const completed = (id: number) => until(`project ${id} COMPLETED`, async () => {
    const row = await project(id);
    if (row.status === 'FAILED') throw new Error(`project ${id} failed: ${row.last_error}`);
    return row.status === 'COMPLETED' && row;
  });

  /** A tier-1 private project on the first blog at a far date (Spread over a day, one post), and its tier-2 child after it on the second. */
  async function chain(): Promise<{ parent: PrivateProjectWorld; child: PrivateProjectWorld }> {
    const parent = await buildPrivateProjectWorld(db(), ann.id, [login(blogs[0]!)]);
    const child = await buildPrivateProjectWorld(db(), ann.id, [login(blogs[1]!)], { campaignId: parent.campaignId });
    expect((await saveSchedule(parent.projectId, { scheduleType: 'FixedDate', startDate: LATER, durationType: 'Spread', nDay: 1, numberOfPosts: 1 })).statusCode).toBe(200);
    expect((await saveSchedule(child.projectId, { scheduleType: 'AfterProject', sourceProjectIds: [parent.projectId], durationType: 'Once', numberOfPosts: 1 })).statusCode).toBe(200);
    return { parent, child };
  }

  it.skipIf(skip)('Run now starts a scheduled tier at once, keeps its schedule and its child still starts when it completes', async () => {
    const { parent, child } = await chain();
    const armed = await project(parent.projectId);
    expect(armed.schedule_job_id).not.toBeNull();

    const answer = await runNow(parent.projectId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ProjectRowSchema.parse(answer.json())).toMatchObject({
      status: 'STARTING', schedule: { scheduleType: 'FixedDate', startDate: LATER, durationType: 'Spread', nDay: 1, status: 'RUNNING' },
    });
    expect((await ctx.server.context.queue.getJob(armed.schedule_job_id!))?.state).toBe('cancelled');
    expect(await project(parent.projectId)).toMatchObject({ next_run_at: null, schedule_job_id: null });

    // Published at once (a Spread's first post starts with the run), then the schedule is DONE.
    await completed(parent.projectId);
    await until('the parent schedule DONE', async () => (await project(parent.projectId)).schedule?.status === 'DONE');
    expect((await project(parent.projectId)).schedule).toMatchObject({ scheduleType: 'FixedDate', startDate: LATER, nDay: 1 });
    expect(blogs[0]!.posts.length).toBeGreaterThanOrEqual(1);

    // The child waited for it and starts on its completion.
    await completed(child.projectId);
    expect(await runsOf(child.projectId)).toHaveLength(1);
    await until('the child schedule DONE', async () => (await project(child.projectId)).schedule?.status === 'DONE');
    expect((await project(child.projectId)).schedule).toMatchObject({ scheduleType: 'AfterProject', sourceProjectIds: [parent.projectId], status: 'DONE' });
  });

  it.skipIf(skip)('a child waiting for its parent starts early with Run now, and the parent completing later does not start it again', async () => {
    const { parent, child } = await chain();
    const early = await runNow(child.projectId);
    expect(early.statusCode, early.body).toBe(200);
    await completed(child.projectId);
    expect((await project(parent.projectId)).status).toBe('SCHEDULED');
    expect((await project(child.projectId)).schedule).toMatchObject({ scheduleType: 'AfterProject', sourceProjectIds: [parent.projectId] });

    expect((await runNow(parent.projectId)).statusCode).toBe(200);
    await completed(parent.projectId);
    // The scheduler's pass after the parent's completion finds no child waiting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runsOf(child.projectId)).toHaveLength(1);
    expect((await project(child.projectId)).status).toBe('COMPLETED');
  });

  it.skipIf(skip)('a schedule edited while its project runs re-times the next posts: a slower pace moves them later, Once sends them at once', async () => {
    const w = await buildPrivateProjectWorld(db(), ann.id, [login(blogs[0]!)]);
    expect((await saveSchedule(w.projectId, { scheduleType: 'FixedDate', startDate: LATER, durationType: 'Spread', nDay: 3, numberOfPosts: 3 })).statusCode).toBe(200);
    expect((await runNow(w.projectId)).statusCode).toBe(200);
    const planned = await until('three posts, the first published', async () => {
      const posts = await postsOf(w.projectId);
      return posts.length === 3 && posts[0]!.state === 'published' && posts;
    });
    const [, second, third] = planned;
    // Spread over 3 days: a post a day.
    expect(third!.start_after! - second!.start_after!).toBe(DAY_MS);

    const slower = await saveSchedule(w.projectId, { scheduleType: 'FixedDate', startDate: LATER, durationType: 'Spread', nDay: 6, numberOfPosts: 3 });
    expect(slower.statusCode, slower.body).toBe(200);
    expect(ProjectRowSchema.parse(slower.json())).toMatchObject({ status: 'RUNNING', schedule: { nDay: 6, status: 'RUNNING' } });
    const later = await postsOf(w.projectId);
    expect(later[1]!.start_after! - second!.start_after!).toBe(DAY_MS);
    expect(later[2]!.start_after! - third!.start_after!).toBe(2 * DAY_MS);
    expect(later.slice(1).map((post) => post.state)).toEqual(['planned', 'planned']);

    // What happens next (item 2): the next post, one of three done, the last one's start; per site too.
    const outlook = RunOutlookSchema.parse((await ann.agent.request('GET', `/rest/project/${w.projectId}/outlook`)).json());
    expect(outlook).toMatchObject({
      status: 'RUNNING', startsAt: null,
      run: { state: 'running', planned: 3, done: 1, failed: 0, nextPostAt: later[1]!.start_after, etaAt: later[2]!.start_after, heldForProxy: false },
    });
    expect(outlook.sites).toEqual([{ siteKey: expect.any(String), planned: 3, done: 1, failed: 0, nextPostAt: later[1]!.start_after }]);
    const inCampaign = CampaignOutlookSchema.parse((await ann.agent.request('GET', `/rest/campaign/${w.campaignId}/outlook`)).json());
    expect(inCampaign.projects.map((p) => [p.projectId, p.run?.nextPostAt, p.sites])).toEqual([[w.projectId, later[1]!.start_after, []]]);
    expect((await bob.agent.request('GET', `/rest/project/${w.projectId}/outlook`)).statusCode).toBe(404);
    expect((await bob.agent.request('GET', `/rest/campaign/${w.campaignId}/outlook`)).statusCode).toBe(404);

    const reset = await ann.agent.request('GET', `/action/reset/schedule/${w.projectId}`);
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual({ error: { message: SCHEDULE_MESSAGES.resetWhileRunning('RUNNING') } });

    const once = await saveSchedule(w.projectId, { scheduleType: 'FixedDate', startDate: LATER, durationType: 'Once', numberOfPosts: 3 });
    expect(once.statusCode, once.body).toBe(200);
    await completed(w.projectId);
    expect((await postsOf(w.projectId)).map((post) => post.state)).toEqual(['published', 'published', 'published']);
    await until('the edited schedule DONE', async () => (await project(w.projectId)).schedule?.status === 'DONE');
    expect((await project(w.projectId)).schedule).toMatchObject({ scheduleType: 'FixedDate', startDate: LATER, durationType: 'Once' });
  });

  it.skipIf(skip)('every refusal says what to do instead; another user\'s project is 404', async () => {
    const { parent, child } = await chain();
    // A scheduled project's outlook names its date; its child has none (it waits for its parents).
    const waiting = CampaignOutlookSchema.parse((await ann.agent.request('GET', `/rest/campaign/${parent.campaignId}/outlook`)).json());
    expect(waiting.projects.map((p) => [p.projectId, p.status, p.startsAt, p.run])).toEqual([
      [parent.projectId, 'SCHEDULED', Date.UTC(2030, 11, 24, 18, 30), null], [child.projectId, 'SCHEDULED', null, null],
    ]);
    const start = await ann.agent.request('GET', `/action/start/project/${parent.projectId}`);
    expect(start.statusCode).toBe(409);
    expect(start.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.scheduled, details: [PROJECT_LIFECYCLE_MESSAGES.runNowInstead] } });

    expect((await bob.agent.request('POST', `/action/run_now/project/${parent.projectId}`)).statusCode).toBe(404);

    await db().updateTable('campaigns').set({ campaign_status: 'PAUSED' }).where('id', '=', parent.campaignId).execute();
    const paused = await runNow(parent.projectId);
    expect(paused.statusCode).toBe(409);
    expect(paused.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.campaignPaused } });
    expect((await project(parent.projectId)).status).toBe('SCHEDULED');
    await db().updateTable('campaigns').set({ campaign_status: 'ACTIVE' }).where('id', '=', parent.campaignId).execute();

    await db().updateTable('projects').set({ status: 'RUNNING' }).where('id', '=', parent.projectId).execute();
    const running = await runNow(parent.projectId);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.alreadyRunning('RUNNING') } });
    await db().updateTable('projects').set({ status: 'STOPPING' }).where('id', '=', parent.projectId).execute();
    expect((await runNow(parent.projectId)).json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.stoppingNow } });
  });
});
