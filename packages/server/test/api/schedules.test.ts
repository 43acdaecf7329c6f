import { describe, expect, it } from 'vitest';
import { ProjectRowSchema, SCHEDULE_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { projectSnapshot } from '../support/project-factories';

const S = SCHEDULE_MESSAGES;
const FIXED = { scheduleType: 'FixedDate', startDate: '24/12/2030 18:30', durationType: 'Once' };

describe.each(DATABASES)('schedules on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  const saveSchedule = (projectId: number, schedule: unknown, agent = ann.agent) =>
    agent.request('POST', `/rest/schedule/${projectId}`, { body: { status: 'SCHEDULED', schedule } });
  const stored = async (id: number) => db().selectFrom('projects').select(['status', 'schedule']).where('id', '=', id).executeTakeFirstOrThrow();
  async function campaignWith(...modules: string[]) {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const ids: number[] = [];
    for (const module of modules) ids.push(await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module }));
    return { campaign, ids };
  }

  describe('POST /rest/schedule/{projectId}', () => {
    it.skipIf(skip)('schedules a project at a fixed date: SCHEDULED, the fields its type uses, told live', async () => {
      const { campaign, ids: [id] } = await campaignWith('Wiki');
      const inbox = await liveInbox(ann.agent, `project/${id}`, `campaign/${campaign.id}`);
      const response = await saveSchedule(id!, { ...FIXED, sourceProjectIds: [123], nDay: 4 });
      expect(response.statusCode, response.body).toBe(200);
      const row = ProjectRowSchema.parse(response.json());
      const schedule = { scheduleType: 'FixedDate', startDate: '24/12/2030 18:30', durationType: 'Once', status: 'SCHEDULED' };
      expect(row).toEqual({ id, campaignId: campaign.id, name: 'Project', module: 'Wiki', status: 'SCHEDULED', lastError: [], schedule });
      expect(JSON.parse((await stored(id!)).schedule!)).toEqual(schedule);
      expect((await stored(id!)).status).toBe('SCHEDULED');

      await expect.poll(() => inbox.messages.length).toBe(2);
      const payload = { projectId: id, status: 'SCHEDULED', lastError: [], schedule };
      expect(inbox.messages).toEqual([
        { topic: `project/${id}`, name: 'projectStatusChanged', payload },
        { topic: `campaign/${campaign.id}`, name: 'projectStatusChanged', payload },
      ]);

      // Editing the schedule of a scheduled project replaces it.
      const spread = await saveSchedule(id!, { ...FIXED, durationType: 'Spread', nDay: 3 });
      expect(spread.json().schedule).toEqual({ ...schedule, durationType: 'Spread', nDay: 3 });
    });

    it.skipIf(skip)('schedules after parents of the same campaign: several for content projects, one for indexers; posts for private ones', async () => {
      const { ids: [wiki, blogs, indexer, pbn] } = await campaignWith('Wiki', 'SocialNetwork', 'Indexer', 'Private');
      const after = await saveSchedule(blogs!, { scheduleType: 'AfterProject', sourceProjectIds: [wiki, indexer], durationType: 'Once' });
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().schedule).toEqual({ scheduleType: 'AfterProject', sourceProjectIds: [wiki, indexer], durationType: 'Once', status: 'SCHEDULED' });

      const single = await saveSchedule(indexer!, { scheduleType: 'AfterProject', sourceProjectId: blogs, sourceProjectIds: [wiki], durationType: 'Once' });
      expect(single.statusCode, single.body).toBe(200);
      expect(single.json().schedule).toEqual({ scheduleType: 'AfterProject', sourceProjectId: blogs, durationType: 'Once', status: 'SCHEDULED' });

      const unlimited = await saveSchedule(pbn!, { ...FIXED, numberOfPosts: 0 });
      expect(unlimited.statusCode, unlimited.body).toBe(200);
      expect(unlimited.json().schedule).toMatchObject({ numberOfPosts: 0 });
    });

    it.skipIf(skip)('answers 422 with every schedule message, and changes nothing', async () => {
      const { ids: [wiki, indexer, pbn] } = await campaignWith('Wiki', 'Indexer', 'Private');
      const cases: [number, unknown, string, string[]?][] = [
        [wiki!, { durationType: 'Once' }, S.typeRequired],
        [wiki!, { scheduleType: 'FixedDate', durationType: 'Once' }, S.startDateRequired, [S.startDateRequired, S.startTimeRequired]],
        [wiki!, { ...FIXED, startDate: '24/12/2030' }, S.startTimeRequired],
        [wiki!, { ...FIXED, startDate: '31/02/2030 10:00' }, S.startDateRequired],
        [wiki!, { scheduleType: 'AfterProject', durationType: 'Once' }, S.parentRequired],
        [wiki!, { scheduleType: 'AfterProject', sourceProjectIds: [wiki], durationType: 'Once' }, S.parentIsSelf],
        [indexer!, { scheduleType: 'AfterProject', durationType: 'Once' }, S.parentRequired],
        [indexer!, { scheduleType: 'AfterProject', sourceProjectId: indexer, durationType: 'Once' }, S.parentIsSelf],
        [wiki!, { scheduleType: 'FixedDate', startDate: FIXED.startDate }, S.durationRequired],
        [wiki!, { ...FIXED, durationType: 'Spread' }, S.nDayRequired],
        [wiki!, { ...FIXED, durationType: 'Spread', nDay: 0 }, S.nDayPositive],
        [wiki!, { ...FIXED, durationType: 'Spread', nDay: 1.5 }, S.nDayPositive],
        [pbn!, FIXED, S.numberOfPostsRange],
        [pbn!, { ...FIXED, numberOfPosts: -1 }, S.numberOfPostsRange],
        [wiki!, {}, S.typeRequired, [S.typeRequired, S.durationRequired]],
      ];
      const before = await Promise.all([wiki!, indexer!, pbn!].map((id) => projectSnapshot(db(), id)));
      for (const [id, schedule, message, details] of cases) {
        const response = await saveSchedule(id, schedule);
        expect(response.statusCode, JSON.stringify(schedule)).toBe(422);
        expect(response.json(), JSON.stringify(schedule)).toEqual({ error: { message, details: details ?? [message] } });
      }
      expect(await Promise.all([wiki!, indexer!, pbn!].map((id) => projectSnapshot(db(), id)))).toEqual(before);
      expect((await saveSchedule(wiki!, { ...FIXED, scheduleType: 'Weekly' })).statusCode).toBe(422);
    });

    it.skipIf(skip)("refuses a parent of another campaign (422) or another user's (404), and a running project (409)", async () => {
      const { ids: [wiki, running] } = await campaignWith('Wiki', 'Bookmarking');
      const { ids: [elsewhere] } = await campaignWith('Wiki');
      const bobCampaign = await buildCampaign(db(), { ownerId: bob.id });
      const bobProject = await buildProject(db(), { ownerId: bob.id, campaignId: bobCampaign.id });
      const before = await projectSnapshot(db(), wiki!);

      const otherCampaign = await saveSchedule(wiki!, { scheduleType: 'AfterProject', sourceProjectIds: [elsewhere], durationType: 'Once' });
      expect(otherCampaign.statusCode).toBe(422);
      expect(otherCampaign.json()).toEqual({ error: { message: S.parentNotInCampaign } });
      const bobs = await saveSchedule(wiki!, { scheduleType: 'AfterProject', sourceProjectIds: [bobProject], durationType: 'Once' });
      expect(bobs.statusCode).toBe(404);
      expect(bobs.json().error.message).toBe(`The parent project (id ${bobProject}) does not exist`);
      expect(await projectSnapshot(db(), wiki!)).toBe(before);

      // STARTING and RUNNING take an edit (run-now.test.ts); stopping or verifying, none.
      for (const status of ['STOPPING', 'VERIFYING']) {
        await db().updateTable('projects').set({ status }).where('id', '=', running!).execute();
        const refused = await saveSchedule(running!, FIXED);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ error: { message: S.notWhileRunning(status) } });
        expect(await stored(running!)).toEqual({ status, schedule: null });
      }
      for (const status of ['COMPLETED', 'STOPPED', 'FAILED']) {
        await db().updateTable('projects').set({ status, schedule: null }).where('id', '=', running!).execute();
        expect((await saveSchedule(running!, FIXED)).json().status).toBe('SCHEDULED');
      }
    });

    it.skipIf(skip)("answers 404 for another user's project", async () => {
      const { ids: [id] } = await campaignWith('Wiki');
      const before = await projectSnapshot(db(), id!);
      expect((await saveSchedule(id!, FIXED, bob.agent)).statusCode).toBe(404);
      expect((await bob.agent.request('GET', `/action/delete/schedule/${id}`)).statusCode).toBe(404);
      expect((await bob.agent.request('GET', `/action/reset/schedule/${id}`)).statusCode).toBe(404);
      expect(await projectSnapshot(db(), id!)).toBe(before);
    });
  });

  describe('delete and reset', () => {
    it.skipIf(skip)('deletes a schedule: a SCHEDULED project is NEW again, others keep their status; told live', async () => {
      const { campaign, ids: [id, done] } = await campaignWith('Wiki', 'Wiki');
      await saveSchedule(id!, FIXED);
      const inbox = await liveInbox(ann.agent, `project/${id}`, `campaign/${campaign.id}`);
      const deleted = await ann.agent.request('GET', `/action/delete/schedule/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ id, status: 'NEW', schedule: null });
      expect(await stored(id!)).toEqual({ status: 'NEW', schedule: null });
      await expect.poll(() => inbox.messages.length).toBe(2);
      expect(inbox.messages[0]).toEqual({ topic: `project/${id}`, name: 'projectStatusChanged', payload: { projectId: id, status: 'NEW', lastError: [], schedule: null } });

      const none = await ann.agent.request('GET', `/action/delete/schedule/${id}`);
      expect(none.statusCode).toBe(409);
      expect(none.json()).toEqual({ error: { message: S.noSchedule } });

      await db().updateTable('projects').set({ status: 'COMPLETED', schedule: JSON.stringify({ ...FIXED, status: 'COMPLETED' }) }).where('id', '=', done!).execute();
      expect((await ann.agent.request('GET', `/action/delete/schedule/${done}`)).json()).toMatchObject({ status: 'COMPLETED', schedule: null });
    });

    it.skipIf(skip)("resets a schedule: the dialog's fields stay, the engine's go, the project is SCHEDULED again", async () => {
      const { campaign, ids: [id] } = await campaignWith('Private');
      const engineWritten = { ...FIXED, durationType: 'Spread', nDay: 3, numberOfPosts: 5, status: 'COMPLETED', postsDone: 5, lastRunAt: 1234 };
      await db().updateTable('projects').set({ status: 'COMPLETED', schedule: JSON.stringify(engineWritten) }).where('id', '=', id!).execute();
      const inbox = await liveInbox(ann.agent, `project/${id}`);
      const reset = await ann.agent.request('GET', `/action/reset/schedule/${id}`);
      expect(reset.statusCode, reset.body).toBe(200);
      const schedule = { ...FIXED, durationType: 'Spread', nDay: 3, numberOfPosts: 5, status: 'SCHEDULED' };
      expect(reset.json()).toEqual({ id, campaignId: campaign.id, name: 'Project', module: 'Private', status: 'SCHEDULED', lastError: [], schedule });
      expect(JSON.parse((await stored(id!)).schedule!)).toEqual(schedule);
      await expect.poll(() => inbox.messages.length).toBe(1);
      expect(inbox.messages[0]!.payload).toEqual({ projectId: id, status: 'SCHEDULED', lastError: [], schedule });

      for (const status of ['RUNNING', 'STARTING_VERIFYING']) {
        await db().updateTable('projects').set({ status }).where('id', '=', id!).execute();
        const before = await projectSnapshot(db(), id!);
        const refused = await ann.agent.request('GET', `/action/reset/schedule/${id}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ error: { message: status === 'RUNNING' ? S.resetWhileRunning(status) : S.notWhileRunning(status) } });
        expect(await projectSnapshot(db(), id!)).toBe(before);
      }

      await db().updateTable('projects').set({ status: 'NEW', schedule: null }).where('id', '=', id!).execute();
      const none = await ann.agent.request('GET', `/action/reset/schedule/${id}`);
      expect(none.statusCode).toBe(409);
      expect(none.json()).toEqual({ error: { message: S.noSchedule } });
    });
  });
});
