import { describe, expect, it } from 'vitest';
import { PROJECT_LIFECYCLE_MESSAGES, ProjectRowSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';

describe.each(DATABASES)('project lifecycle calls on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const statusOf = async (id: number) => (await db().selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const setStatus = (id: number, status: string) => db().updateTable('projects').set({ status }).where('id', '=', id).execute();
  const makeProject = async (project: Parameters<typeof buildProject>[1]) => ({ id: await buildProject(db(), project) });

  it.skipIf(skip)('starts and stops, publishing the new status on project/{id} and campaign/{id}', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const project = await makeProject({ ownerId: ann.id, campaignId: campaign.id, module: 'Wiki' });
    const inbox = await liveInbox(ann.agent, `project/${project.id}`, `campaign/${campaign.id}`);

    const started = await ann.agent.request('GET', `/action/start/project/${project.id}`);
    expect(started.statusCode).toBe(200);
    expect(ProjectRowSchema.parse(started.json())).toMatchObject({ id: project.id, status: 'STARTING' });
    await expect.poll(() => inbox.messages.length).toBe(2);
    const payload = { projectId: project.id, status: 'STARTING', lastError: [], schedule: null };
    expect(inbox.messages).toEqual([
      { topic: `project/${project.id}`, name: 'projectStatusChanged', payload },
      { topic: `campaign/${campaign.id}`, name: 'projectStatusChanged', payload },
    ]);

    const again = await ann.agent.request('GET', `/action/start/project/${project.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { message: 'The project cannot be started while it is STARTING' } });

    expect((await ann.agent.request('GET', `/action/stop/project/${project.id}`)).json().status).toBe('STOPPING');
    expect(await statusOf(project.id)).toBe('STOPPING');
    const stopAgain = await ann.agent.request('GET', `/action/stop/project/${project.id}`);
    expect(stopAgain.statusCode).toBe(409);
    expect(stopAgain.json().error.message).toBe('The project cannot be stopped while it is STOPPING');
  });

  it.skipIf(skip)('refuses to start a scheduled project with the spec text, and changes nothing', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const project = await makeProject({ ownerId: ann.id, campaignId: campaign.id, module: 'Wiki' });
    await setStatus(project.id, 'SCHEDULED');
    const refused = await ann.agent.request('GET', `/action/start/project/${project.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.scheduled } });
    expect(await statusOf(project.id)).toBe('SCHEDULED');
  });

  it.skipIf(skip)('verifies email only for account creation projects, in the allowed statuses', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const wiki = await makeProject({ ownerId: ann.id, campaignId: campaign.id, module: 'Wiki' });
    const refused = await ann.agent.request('GET', `/action/start/verifying/${wiki.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PROJECT_LIFECYCLE_MESSAGES.accountCreationOnly);

    const accounts = await makeProject({ ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation' });
    await setStatus(accounts.id, 'SCHEDULED');
    expect((await ann.agent.request('GET', `/action/start/verifying/${accounts.id}`)).json().status).toBe('STARTING_VERIFYING');
    expect((await ann.agent.request('GET', `/action/start/project/${accounts.id}`)).statusCode).toBe(409);
    expect((await ann.agent.request('GET', `/action/stop/verifying/${accounts.id}`)).json().status).toBe('STOPPING_VERIFYING');
    await setStatus(accounts.id, 'RUNNING');
    const running = await ann.agent.request('GET', `/action/start/verifying/${accounts.id}`);
    expect(running.json().error.message).toBe('Email verification cannot start while the project is RUNNING');
    expect(await statusOf(accounts.id)).toBe('RUNNING');
  });

  it.skipIf(skip)("answers 404 for another user's project and leaves it alone", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const project = await makeProject({ ownerId: ann.id, campaignId: campaign.id, module: 'Wiki' });
    for (const path of ['start/project', 'stop/project', 'start/verifying', 'stop/verifying']) {
      expect((await bob.agent.request('GET', `/action/${path}/${project.id}`)).statusCode).toBe(404);
    }
    expect(await statusOf(project.id)).toBe('NEW');
  });

  it.skipIf(skip)('needs the CSRF token', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const project = await makeProject({ ownerId: ann.id, campaignId: campaign.id, module: 'Wiki' });
    expect((await ann.agent.request('GET', `/action/start/project/${project.id}`, { xsrf: false })).statusCode).toBe(403);
    expect(await statusOf(project.id)).toBe('NEW');
  });
});
