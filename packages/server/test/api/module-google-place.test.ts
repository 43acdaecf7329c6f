/**
 * Google Place projects are not supported (issue 37 item 5): whatever else the project has, its
 * readiness lists the one shared reason, a person's Start is refused with it (422, nothing
 * changes, no run), and a run the scheduler would start fails with it before planning a post.
 */
import { describe, expect, it } from 'vitest';
import { MODULE_MESSAGES, PROJECT_LIFECYCLE_MESSAGES, ProjectReadinessSchema } from '@linkloom/shared';
import { planRun } from '../../src/engine/runner/plan-run';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildPostingProjectWorld } from '../support/posting-world';

describe.each(DATABASES)('Google Place projects on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const project = (id: number) => db().selectFrom('projects').select(['id', 'module', 'settings', 'schedule', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  const runsOf = async (id: number) => (await db().selectFrom('project_runs').select('id').where('project_id', '=', id).execute()).length;

  it.skipIf(skip)('lists only the shared reason and refuses Start with it, even when everything else is set', async () => {
    // A fresh one lacks everything a posting project needs: the reason alone is listed.
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const fresh = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'GooglePlace' });
    const readiness = await ann.agent.request('GET', `/rest/project/${fresh}/readiness`);
    expect(readiness.statusCode).toBe(200);
    expect(ProjectReadinessSchema.parse(readiness.json())).toEqual({ problems: [MODULE_MESSAGES.googlePlaceUnsupported], notices: [] });

    // A complete posting project (profile, content, links, a ticked site) turned Google Place.
    const world = await buildPostingProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9', username: 'admin', password: 'app password' }]);
    expect(ProjectReadinessSchema.parse((await ann.agent.request('GET', `/rest/project/${world.postingProjectId}/readiness`)).json()).problems).toEqual([]);
    await db().updateTable('projects').set({ module: 'GooglePlace' }).where('id', '=', world.postingProjectId).execute();
    for (const id of [fresh, world.postingProjectId]) {
      const refused = await ann.agent.request('GET', `/action/start/project/${id}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: { message: PROJECT_LIFECYCLE_MESSAGES.notReady, details: [MODULE_MESSAGES.googlePlaceUnsupported] } });
      expect((await project(id)).status).toBe('NEW');
      expect(await runsOf(id)).toBe(0);
    }

    // The scheduler's start goes through the same plan: the run fails with the reason, no post planned.
    expect(await planRun(db(), ann.id, await project(world.postingProjectId), Date.now())).toEqual({ ok: false, error: MODULE_MESSAGES.googlePlaceUnsupported });
  });

  it.skipIf(skip)("answers 404 for another user's Google Place project", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'GooglePlace' });
    expect((await bob.agent.request('GET', `/rest/project/${id}/readiness`)).statusCode).toBe(404);
    expect((await bob.agent.request('GET', `/action/start/project/${id}`)).statusCode).toBe(404);
  });

  it.skipIf(skip)('keeps the message the same text for the screens', () => {
    expect(MODULE_MESSAGES.googlePlaceUnsupported).toBe(
      "Google Place listings are managed in Google Business Profile, which has no API for posting links: LinkLoom can't publish Google Place projects",
    );
  });
});
