import { describe, expect, it } from 'vitest';
import { PROJECT_FORM_MESSAGES, PROJECT_LIFECYCLE_MESSAGES, ProjectReadinessSchema, ProjectRowSchema } from '@linkloom/shared';
import { PLAN_MESSAGES } from '../../src/engine/runner/plan-run';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildPrivateProjectWorld } from '../support/engine-world';

describe.each(DATABASES)('project lifecycle calls on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const statusOf = async (id: number) => (await db().selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const setStatus = (id: number, status: string) => db().updateTable('projects').set({ status }).where('id', '=', id).execute();
  const makeProject = async (project: Parameters<typeof buildProject>[1]) => ({ id: await buildProject(db(), project) });

  /** A private project a run can work on: a network's site ticked, content and output link set chosen. */
  const readyProject = async () => {
    const world = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9', username: 'admin', password: 'app password' }]);
    return { project: { id: world.projectId }, campaign: { id: world.campaignId } };
  };

  it.skipIf(skip)('starts and stops, publishing the new status on project/{id} and campaign/{id}', async () => {
    const { project, campaign } = await readyProject();
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
    expect(refused.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.scheduled, details: [PROJECT_LIFECYCLE_MESSAGES.runNowInstead] } });
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

describe.each(DATABASES)('Start of a project a run could do nothing with on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const blogs = [{ url: 'http://127.0.0.1:9', username: 'admin', password: 'app password' }];
  const runsOf = async (id: number) => (await db().selectFrom('project_runs').select('id').where('project_id', '=', id).execute()).length;
  const statusOf = async (id: number) => (await db().selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it.skipIf(skip)('lists every missing piece on the screen and refuses Start with the same list (422), changing nothing', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const fresh = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private' });
    const missing = [
      PROJECT_FORM_MESSAGES.privateNetworkRequired, PROJECT_FORM_MESSAGES.outputRequired,
      PROJECT_FORM_MESSAGES.contentGroupRequired, PROJECT_FORM_MESSAGES.sitesRequired,
    ];
    const readiness = await ann.agent.request('GET', `/rest/project/${fresh}/readiness`);
    expect(readiness.statusCode).toBe(200);
    expect(ProjectReadinessSchema.parse(readiness.json())).toEqual({ problems: missing, notices: [] });

    const refused = await ann.agent.request('GET', `/action/start/project/${fresh}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.notReady, details: missing } });
    expect(await statusOf(fresh)).toBe('NEW');
    expect(await runsOf(fresh)).toBe(0);

    // A ready project lists nothing; untick its sites and empty its content group: both are listed.
    const world = await buildPrivateProjectWorld(db(), ann.id, blogs);
    expect(ProjectReadinessSchema.parse((await ann.agent.request('GET', `/rest/project/${world.projectId}/readiness`)).json())).toEqual({ problems: [], notices: [] });
    await db().updateTable('project_sites').set({ checked: 0 }).where('project_id', '=', world.projectId).execute();
    await db().deleteFrom('articles').where('content_group_id', '=', world.contentGroupId).execute();
    const group = await db().selectFrom('content_groups').select('name').where('id', '=', world.contentGroupId).executeTakeFirstOrThrow();
    const emptied = await ann.agent.request('GET', `/action/start/project/${world.projectId}`);
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().error.details).toEqual([PLAN_MESSAGES.noArticles(group.name), PROJECT_FORM_MESSAGES.sitesRequired]);
    expect(await statusOf(world.projectId)).toBe('NEW');

    // An empty account creation project: its Account tab's rules and its sites, in the form's order.
    const accounts = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation' });
    const refusedAccounts = await ann.agent.request('GET', `/action/start/project/${accounts}`);
    expect(refusedAccounts.statusCode).toBe(422);
    expect(refusedAccounts.json().error.details).toEqual([
      PROJECT_FORM_MESSAGES.acProfileRequired, PROJECT_FORM_MESSAGES.firstNameRequired, PROJECT_FORM_MESSAGES.lastNameRequired,
      PROJECT_FORM_MESSAGES.usernameRequired, PROJECT_FORM_MESSAGES.passwordRequired, PROJECT_FORM_MESSAGES.sitesRequired,
    ]);
  });

  it.skipIf(skip)("keeps the spec's Start rules first: a scheduled project is refused with the spec text (409), not the list", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const fresh = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private' });
    await db().updateTable('projects').set({ status: 'SCHEDULED' }).where('id', '=', fresh).execute();
    const refused = await ann.agent.request('GET', `/action/start/project/${fresh}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.scheduled, details: [PROJECT_LIFECYCLE_MESSAGES.runNowInstead] } });
  });

  it.skipIf(skip)("answers 404 for another user's project's readiness", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const fresh = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private' });
    expect((await bob.agent.request('GET', `/rest/project/${fresh}/readiness`)).statusCode).toBe(404);
  });
});
