import { beforeAll, describe, expect, it } from 'vitest';
import { parseWireDate } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { startTestApp } from '../support/test-app';
import { rearmSchedule } from '../../src/engine/scheduler/arm-schedule';
import { runSchedulerTick } from '../../src/engine/scheduler/scheduler-tick';
import { emitRunFinished } from '../../src/engine/runner/run-events';
import { startEngine } from '../../src/engine/jobs/engine';

const FIXED = { scheduleType: 'FixedDate', startDate: '24/12/2030 18:30', durationType: 'Once' };
const FIXED_AT = parseWireDate(FIXED.startDate)!.getTime();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASES)('scheduler on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const app = () => ctx.server.context;
  beforeAll(async () => {
    if (!skip) await startEngine(ctx.server.context);
  });

  const saveSchedule = (projectId: number, schedule: unknown) =>
    ann.agent.request('POST', `/rest/schedule/${projectId}`, { body: { status: 'SCHEDULED', schedule } });
  const stored = async (id: number) => {
    const row = await db().selectFrom('projects').select(['status', 'schedule', 'next_run_at', 'schedule_job_id', 'schedule_armed_at'])
      .where('id', '=', id).executeTakeFirstOrThrow();
    return {
      ...row,
      schedule: JSON.parse(row.schedule ?? 'null') as Record<string, unknown> | null,
      next_run_at: row.next_run_at === null ? null : Number(row.next_run_at),
      schedule_armed_at: row.schedule_armed_at === null ? null : Number(row.schedule_armed_at),
    };
  };
  const runsOf = async (id: number) => (await db().selectFrom('project_runs').select(['id', 'state', 'started_at', 'finished_at'])
    .where('project_id', '=', id).orderBy('id').execute()).map((run) => ({ ...run, started_at: Number(run.started_at) }));
  async function campaignWith(...modules: string[]) {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const ids: number[] = [];
    for (const module of modules) ids.push(await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module }));
    return { campaign, ids };
  }
  /** A saved FixedDate schedule moved to a near instant (the wire carries whole minutes), armed as saving arms it. */
  async function scheduleAt(projectId: number, at: number): Promise<void> {
    expect((await saveSchedule(projectId, FIXED)).statusCode).toBe(200);
    await db().updateTable('projects').set({ next_run_at: at }).where('id', '=', projectId).execute();
    await rearmSchedule(app(), ann.id, projectId);
  }
  /** A parent's run that completed now (what the runner records when a run ends COMPLETED). */
  async function completeRun(projectId: number): Promise<number> {
    const now = Date.now();
    await db().updateTable('projects').set({ status: 'COMPLETED' }).where('id', '=', projectId).execute();
    const run = await db().insertInto('project_runs')
      .values({ owner_id: ann.id, project_id: projectId, state: 'completed', started_at: now - 1000, finished_at: now, created_at: now - 1000 })
      .returning('id').executeTakeFirstOrThrow();
    return run.id;
  }

  it.skipIf(skip)('saving a FixedDate schedule arms a start job at its instant; a new date replaces it, delete cancels it, reset re-arms it', async () => {
    const { ids: [id] } = await campaignWith('Wiki');
    expect((await saveSchedule(id!, FIXED)).statusCode).toBe(200);
    const armed = await stored(id!);
    expect(armed).toMatchObject({ status: 'SCHEDULED', next_run_at: FIXED_AT });
    expect(armed.schedule_job_id).not.toBeNull();
    const job = await app().queue.getJob(armed.schedule_job_id!);
    expect(job).toMatchObject({ name: 'schedule.start', state: 'created', payload: { ownerId: ann.id, projectId: id, at: FIXED_AT } });

    const later = await saveSchedule(id!, { ...FIXED, startDate: '25/12/2030 08:00' });
    expect(later.statusCode).toBe(200);
    const moved = await stored(id!);
    expect(moved.next_run_at).toBe(Date.UTC(2030, 11, 25, 8, 0));
    expect((await app().queue.getJob(armed.schedule_job_id!))?.state).toBe('cancelled');
    expect(await app().queue.getJob(moved.schedule_job_id!)).toMatchObject({ state: 'created', payload: { at: Date.UTC(2030, 11, 25, 8, 0) } });

    expect((await ann.agent.request('GET', `/action/delete/schedule/${id}`)).statusCode).toBe(200);
    expect(await stored(id!)).toMatchObject({ status: 'NEW', schedule: null, next_run_at: null, schedule_job_id: null, schedule_armed_at: null });
    expect((await app().queue.getJob(moved.schedule_job_id!))?.state).toBe('cancelled');

    // A run the schedule made has ended; reset arms the same schedule again.
    await db().updateTable('projects').set({ status: 'COMPLETED', schedule: JSON.stringify({ ...FIXED, status: 'DONE' }) }).where('id', '=', id!).execute();
    const reset = await ann.agent.request('GET', `/action/reset/schedule/${id}`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ status: 'SCHEDULED', schedule: { ...FIXED, status: 'SCHEDULED' } });
    const rearmed = await stored(id!);
    expect(rearmed.next_run_at).toBe(FIXED_AT);
    expect(await app().queue.getJob(rearmed.schedule_job_id!)).toMatchObject({ state: 'created', payload: { at: FIXED_AT } });
  });

  it.skipIf(skip)('an AfterProject schedule has no instant and no job: it waits for its parents', async () => {
    const { ids: [parent, child] } = await campaignWith('Wiki', 'Wiki');
    const before = Date.now();
    expect((await saveSchedule(child!, { scheduleType: 'AfterProject', sourceProjectIds: [parent], durationType: 'Once' })).statusCode).toBe(200);
    const row = await stored(child!);
    expect(row).toMatchObject({ status: 'SCHEDULED', next_run_at: null, schedule_job_id: null });
    expect(row.schedule_armed_at).toBeGreaterThanOrEqual(before);
  });

  it.skipIf(skip)('a FixedDate start fires within a second of its instant; the schedule shows RUNNING, then DONE when the run ends', async () => {
    const { ids: [id] } = await campaignWith('Wiki');
    const inbox = await liveInbox(ann.agent, `project/${id}`);
    const at = Date.now() + 1500;
    await scheduleAt(id!, at);
    await expect.poll(() => runsOf(id!), { timeout: 5000, interval: 20 }).toHaveLength(1);
    const [run] = await runsOf(id!);
    expect(run!.started_at - at).toBeGreaterThanOrEqual(0);
    expect(run!.started_at - at).toBeLessThan(1000);
    const starting = () => inbox.messages.find((message) => (message.payload as { status: string }).status === 'STARTING')?.payload;
    await expect.poll(starting).toMatchObject({ projectId: id, schedule: { ...FIXED, status: 'RUNNING' } });

    // The project has no sites: its run fails at once, and the schedule is done.
    await expect.poll(async () => (await stored(id!)).schedule?.status, { timeout: 5000 }).toBe('DONE');
    expect((await stored(id!)).status).toBe('FAILED');
    await expect.poll(() => inbox.messages.at(-1)?.payload).toMatchObject({ projectId: id, status: 'FAILED', schedule: { status: 'DONE' } });
  });

  it.skipIf(skip)('reset re-arms a FixedDate that is past: the project starts at once', async () => {
    const { ids: [id] } = await campaignWith('Wiki');
    const past = { ...FIXED, startDate: '01/01/2020 10:00' };
    await db().updateTable('projects').set({ status: 'FAILED', schedule: JSON.stringify({ ...past, status: 'DONE' }) }).where('id', '=', id!).execute();
    const before = Date.now();
    expect((await ann.agent.request('GET', `/action/reset/schedule/${id}`)).statusCode).toBe(200);
    await expect.poll(() => runsOf(id!), { timeout: 3000, interval: 20 }).toHaveLength(1);
    expect((await runsOf(id!))[0]!.started_at - before).toBeLessThan(1000);
  });

  it.skipIf(skip)('deleting a schedule cancels its start: nothing starts at the instant', async () => {
    const { ids: [id] } = await campaignWith('Wiki');
    await scheduleAt(id!, Date.now() + 800);
    expect((await ann.agent.request('GET', `/action/delete/schedule/${id}`)).statusCode).toBe(200);
    await sleep(1500);
    await runSchedulerTick(app());
    expect(await runsOf(id!)).toEqual([]);
    expect((await stored(id!)).status).toBe('NEW');
  });

  it.skipIf(skip)('AfterProject: a child starts once all its parents completed since it was scheduled; tiers chain through the run listener', async () => {
    const { ids: [p1, p2, child, grandchild, late] } = await campaignWith('Wiki', 'Wiki', 'Wiki', 'Wiki', 'Wiki');
    await completeRun(p1!); // completed before the schedules were saved
    await sleep(5);
    expect((await saveSchedule(child!, { scheduleType: 'AfterProject', sourceProjectIds: [p1, p2], durationType: 'Once' })).statusCode).toBe(200);
    expect((await saveSchedule(grandchild!, { scheduleType: 'AfterProject', sourceProjectIds: [child], durationType: 'Once' })).statusCode).toBe(200);
    expect((await saveSchedule(late!, { scheduleType: 'AfterProject', sourceProjectIds: [p1], durationType: 'Once' })).statusCode).toBe(200);

    // p1 completed long ago, p2 never ran: nobody starts.
    await runSchedulerTick(app());
    expect((await stored(child!)).status).toBe('SCHEDULED');
    expect((await stored(late!)).status).toBe('SCHEDULED');

    // p2 completes: both parents COMPLETED, one since the child was scheduled → the child starts.
    await sleep(5);
    await completeRun(p2!);
    await runSchedulerTick(app());
    await expect.poll(() => runsOf(child!), { timeout: 3000, interval: 20 }).toHaveLength(1);
    expect((await stored(child!)).schedule?.status).not.toBe('SCHEDULED');
    // `late` waits for p1's next completion (p1 finished before it was scheduled).
    expect((await stored(late!)).status).toBe('SCHEDULED');

    // The child's run fails (it has no sites): the grandchild keeps waiting.
    await expect.poll(async () => (await stored(child!)).status, { timeout: 5000 }).toBe('FAILED');
    await runSchedulerTick(app());
    expect((await stored(grandchild!)).status).toBe('SCHEDULED');

    // The child's next run completes and the runner says so: the grandchild starts (tier 3).
    const runId = await completeRun(child!);
    await emitRunFinished(app(), { ownerId: ann.id, projectId: child!, runId, status: 'COMPLETED' });
    await expect.poll(() => runsOf(grandchild!), { timeout: 3000, interval: 20 }).toHaveLength(1);
    expect(['RUNNING', 'DONE']).toContain((await stored(grandchild!)).schedule?.status);
  });

  it.skipIf(skip)('a paused campaign holds its scheduled starts; resume starts them at once', async () => {
    const { campaign, ids: [id, child, parent] } = await campaignWith('Wiki', 'Wiki', 'Wiki');
    expect((await ann.agent.request('GET', `/action/pause/campaign/${campaign.id}`)).statusCode).toBe(200);
    await scheduleAt(id!, Date.now() + 300);
    expect((await saveSchedule(child!, { scheduleType: 'AfterProject', sourceProjectIds: [parent], durationType: 'Once' })).statusCode).toBe(200);
    await sleep(5);
    const runId = await completeRun(parent!);
    await emitRunFinished(app(), { ownerId: ann.id, projectId: parent!, runId, status: 'COMPLETED' });
    await sleep(1500);
    await runSchedulerTick(app());
    expect(await runsOf(id!)).toEqual([]);
    expect(await runsOf(child!)).toEqual([]);
    expect(await stored(id!)).toMatchObject({ status: 'SCHEDULED', schedule: { status: 'SCHEDULED' } });
    // The child's start is due: it waits for the campaign, not for its parents any more.
    expect((await stored(child!)).next_run_at).not.toBeNull();

    const resumed = Date.now();
    expect((await ann.agent.request('GET', `/action/resume/campaign/${campaign.id}`)).statusCode).toBe(200);
    await expect.poll(async () => (await runsOf(id!)).length + (await runsOf(child!)).length, { timeout: 3000, interval: 20 }).toBe(2);
    expect((await runsOf(id!))[0]!.started_at - resumed).toBeLessThan(1500);
    expect((await runsOf(child!))[0]!.started_at - resumed).toBeLessThan(1500);
  });

  it.skipIf(skip)('scheduled starts survive a restart: a start due while the server was down happens when it is back', async () => {
    const { ids: [id, lost] } = await campaignWith('Wiki', 'Wiki');
    const at = Date.now() + 1000;
    await scheduleAt(id!, at);
    // A due start whose job is gone (as after an upgrade): the tick arms and makes it.
    expect((await saveSchedule(lost!, FIXED)).statusCode).toBe(200);
    const lostJob = (await stored(lost!)).schedule_job_id!;
    await app().queue.cancel(lostJob);
    await db().updateTable('projects').set({ next_run_at: Date.now() - 60_000, schedule_job_id: null }).where('id', '=', lost!).execute();

    await ctx.server.close();
    await sleep(Math.max(0, at - Date.now()) + 500);
    ctx.server = await startTestApp(ctx.handle);
    await startEngine(ctx.server.context);
    await expect.poll(async () => (await runsOf(id!)).length, { timeout: 5000, interval: 50 }).toBe(1);
    await expect.poll(async () => (await runsOf(lost!)).length, { timeout: 12_000, interval: 100 }).toBe(1);
  }, 30_000);
});
