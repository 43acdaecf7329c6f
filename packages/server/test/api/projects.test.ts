import { describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES, ProjectRowSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject, countRows } from '../support/campaign-factories';

describe.each(DATABASES)('project rows of a campaign on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('adds, renames, duplicates and deletes projects, publishing each change on campaign/{id}', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const inbox = await liveInbox(ann.agent, `campaign/${campaign.id}`);
    const topic = `campaign/${campaign.id}`;

    const added = await ann.agent.request('PUT', '/rest/project', { body: { campaignId: campaign.id, module: 'Wiki', name: ' Wiki run ' } });
    expect(added.statusCode).toBe(200);
    const project = ProjectRowSchema.parse(added.json());
    expect(project).toEqual({ id: project.id, campaignId: campaign.id, name: 'Wiki run', module: 'Wiki', status: 'NEW', lastError: [], schedule: null });

    const renamed = await ann.agent.request('POST', `/rest/project/rename/${project.id}`, { body: { campaignId: campaign.id, module: 'Wiki', name: 'Wiki two' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Wiki two');

    // The copy keeps the settings but starts NEW without schedule or errors.
    await db().updateTable('projects').set({ settings: '{"tags":"a,b"}', status: 'FAILED', last_error: '["boom"]', schedule: '{"scheduleType":"FixedDate"}' }).where('id', '=', project.id).execute();
    const copied = await ann.agent.request('POST', `/action/duplicate/project/${project.id}`, { body: { name: 'Copy of Wiki two' } });
    expect(copied.statusCode).toBe(200);
    const copy = ProjectRowSchema.parse(copied.json());
    expect(copy).toMatchObject({ campaignId: campaign.id, module: 'Wiki', name: 'Copy of Wiki two', status: 'NEW', lastError: [], schedule: null });
    const stored = await db().selectFrom('projects').select('settings').where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings)).toEqual({ tags: 'a,b' });

    const deleted = await ann.agent.request('DELETE', `/rest/projects/${campaign.id}`, { body: [project.id, copy.id] });
    expect(deleted.statusCode).toBe(200);
    expect(await countRows(db(), 'projects', ann.id)).toBe(0);

    await expect.poll(() => inbox.messages.length).toBe(4);
    expect(inbox.messages).toEqual([
      { topic, name: 'newProject', payload: project },
      { topic, name: 'projectEdited', payload: renamed.json() },
      { topic, name: 'newProject', payload: copy },
      { topic, name: 'projectsDeleted', payload: { ids: expect.arrayContaining([project.id, copy.id]) } },
    ]);
  });

  it.skipIf(skip)('refuses bad input with the dialog messages, creating nothing', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const cases: [unknown, string][] = [
      [{ campaignId: campaign.id, name: 'No module' }, PROJECT_MESSAGES.moduleRequired],
      [{ campaignId: campaign.id, module: 'Nonsense', name: 'Bad module' }, PROJECT_MESSAGES.moduleRequired],
      [{ campaignId: campaign.id, module: 'Wiki', name: '  ' }, PROJECT_MESSAGES.nameRequired],
      [{ campaignId: campaign.id, module: 'Wiki' }, PROJECT_MESSAGES.nameRequired],
      [{ campaignId: campaign.id, module: 'Wiki', name: 'x'.repeat(513) }, PROJECT_MESSAGES.nameTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await ann.agent.request('PUT', '/rest/project', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.message).toBe(message);
    }
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Wiki', name: 'Locked' });
    const moduleChange = await ann.agent.request('POST', `/rest/project/rename/${id}`, { body: { campaignId: campaign.id, module: 'PDF', name: 'New' } });
    expect(moduleChange.statusCode).toBe(422);
    expect(moduleChange.json().error.message).toBe(PROJECT_MESSAGES.moduleLocked);
    const emptyCopy = await ann.agent.request('POST', `/action/duplicate/project/${id}`, { body: { name: '' } });
    expect(emptyCopy.json().error.message).toBe(PROJECT_MESSAGES.nameRequired);
    const noIds = await ann.agent.request('DELETE', `/rest/projects/${campaign.id}`, { body: [] });
    expect(noIds.statusCode).toBe(422);
    expect(await countRows(db(), 'projects', ann.id)).toBe(1);
    const row = await db().selectFrom('projects').select(['name', 'module']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Locked', module: 'Wiki' });
  });

  it.skipIf(skip)("answers 404 for another user's campaign or project and changes nothing", async () => {
    const annCampaign = await buildCampaign(db(), { ownerId: ann.id });
    const annProject = await buildProject(db(), { ownerId: ann.id, campaignId: annCampaign.id, name: 'Ann', module: 'Wiki' });
    const bobCampaign = await buildCampaign(db(), { ownerId: bob.id });
    const bobBefore = await countRows(db(), 'projects', bob.id);

    const into = await bob.agent.request('PUT', '/rest/project', { body: { campaignId: annCampaign.id, module: 'Wiki', name: 'Intruder' } });
    expect(into.statusCode).toBe(404);
    expect(into.json().error.message).toBe('The requested item does not exist');
    expect((await bob.agent.request('POST', `/rest/project/rename/${annProject}`, { body: { campaignId: annCampaign.id, module: 'Wiki', name: 'X' } })).statusCode).toBe(404);
    expect((await bob.agent.request('POST', `/rest/project/rename/${annProject}`, { body: { campaignId: bobCampaign.id, module: 'Wiki', name: 'X' } })).statusCode).toBe(404);
    expect((await bob.agent.request('POST', `/action/duplicate/project/${annProject}`, { body: { name: 'X' } })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', `/rest/projects/${annCampaign.id}`, { body: [annProject] })).statusCode).toBe(404);
    // Bob's own campaign, Ann's project id: not a project of this campaign.
    expect((await bob.agent.request('DELETE', `/rest/projects/${bobCampaign.id}`, { body: [annProject] })).statusCode).toBe(404);
    // Ann's own other campaign: its project ids are not deleted through this one either.
    const other = await buildCampaign(db(), { ownerId: ann.id });
    const mine = await buildProject(db(), { ownerId: ann.id, campaignId: other.id });
    expect((await ann.agent.request('DELETE', `/rest/projects/${other.id}`, { body: [mine, annProject] })).statusCode).toBe(404);

    const rows = await db().selectFrom('projects').select(['id', 'name']).where('id', 'in', [annProject, mine]).execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === annProject)!.name).toBe('Ann');
    expect(await countRows(db(), 'projects', bob.id)).toBe(bobBefore);
  });
});
