/**
 * The campaign's strategy drawn with each node's live / dead / pending counts (issue 18.4) and the
 * campaign screen's light dropped-targets count (issue 18.2), on both databases. A wizard-made
 * campaign is drawn as its strategy's diagram; a manual one as one node per tier of its projects.
 */
import { describe, expect, it } from 'vitest';
import { DroppedTargetsSchema, LinkReportSchema, WizardCreateCampaignResponseSchema, projectKind } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { buildPublishedPost } from '../support/engine-check-factories';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { filledWizard } from '../support/wizard-factories';

const DAY = 86_400_000;

describe.each(DATABASES)('the strategy report and the dropped-targets count on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const report = async (path: string) => {
    const response = await ann.agent.request('GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return LinkReportSchema.parse(response.json());
  };

  /** Three posts published into `outputLinkSetId`: one live, one dead twice (GONE), one not checked yet. */
  async function publishThree(campaignId: number, outputLinkSetId: number) {
    const at = Date.now() - 10 * DAY;
    const states = [
      { check_status: 'OK', dead_since: null, dead_reason: null },
      { check_status: 'MISSING', dead_since: at + 7 * DAY, dead_reason: 'GONE' },
      { check_status: 'PENDING', dead_since: null, dead_reason: null },
    ];
    for (const [i, state] of states.entries()) {
      const post = await buildPublishedPost(db(), { ownerId: ann.id, campaignId, outputLinkSetId, remoteUrl: `https://t1.blog.test/${campaignId}-${i}/`, links: [] });
      await db().updateTable('url_items').set({ ...state, date_added: at }).where('id', '=', post.urlItemId).execute();
      // The fixture's own project goes (its run and post with it): the links belong to the campaign's project that writes the set.
      await db().deleteFrom('projects').where('id', '=', post.projectId).execute();
    }
  }

  it.skipIf(skip)('a wizard-made campaign is drawn as its diagram, each node with its projects\' live, dead and pending posts', async () => {
    const wizard = await filledWizard(db(), ann.agent, ann.id, 1);
    const response = await ann.agent.request('PUT', '/action/create/xcampaign', { body: { wizard } });
    expect(response.statusCode, response.body).toBe(200);
    const { campaignId } = WizardCreateCampaignResponseSchema.parse(response.json());
    const projects = await db().selectFrom('projects').select(['id', 'name', 'module', 'settings']).where('campaign_id', '=', campaignId).orderBy('id').execute();
    const content = projects.filter((project) => projectKind(project.module) === 'postingproject');
    const tier1 = (await report(`/rest/campaign/${campaignId}/reports`)).strategy.nodes.find((node) => node.tier === 1 && node.projects.length > 0)!;
    const tier1Project = content.find((project) => project.id === tier1.projects[0]!.id)!;
    const outputLinkSetId = (JSON.parse(tier1Project.settings) as { urlListId: number }).urlListId;
    await publishThree(campaignId, outputLinkSetId);

    const { strategy, nodes } = await report(`/rest/campaign/${campaignId}/reports`);
    expect(strategy.source).toBe('diagram');
    // Every content project is drawn on exactly one node, the one it is named after; account creation projects on none.
    // A project's tier is its node's: the account creation projects it waits for set none.
    const drawn = strategy.nodes.flatMap((node) => node.projects.map((project) => ({ ...project, node: node.label, tier: node.tier })));
    expect(drawn.map((project) => project.id).sort((a, b) => a - b)).toEqual(content.map((project) => project.id));
    for (const project of drawn) {
      expect(project.name.startsWith(project.node), `${project.name} on ${project.node}`).toBe(true);
      expect(nodes.find((node) => node.projectId === project.id)!.tier, project.name).toBe(project.tier);
    }
    expect(nodes.length).toBeGreaterThan(content.length);
    expect(strategy.nodes.find((node) => node.id === tier1.id)).toMatchObject({ live: 1, dead: 1, pending: 1 });
    expect(strategy.nodes.reduce((sum, node) => sum + node.live + node.dead + node.pending, 0)).toBe(3);
    const money = strategy.nodes.find((node) => node.moneySite)!;
    expect(money).toMatchObject({ tier: null, projects: [], live: 0 });
    // The diagram's links: the Money Site to tier 1, and on down.
    expect(strategy.edges).toContainEqual(expect.objectContaining({ source: money.id, target: tier1.id }));

    // A project's report draws the same diagram, counting that project alone.
    const other = content.find((project) => project.id !== tier1Project.id)!;
    const scoped = (await report(`/rest/project/${other.id}/reports`)).strategy;
    expect(scoped.nodes.map((node) => node.id)).toEqual(strategy.nodes.map((node) => node.id));
    expect(scoped.nodes.flatMap((node) => node.projects.map((project) => project.id))).toEqual([other.id]);
    expect(scoped.nodes.find((node) => node.id === tier1.id)).toMatchObject({ live: 0, dead: 0, pending: 0 });

    // Renamed projects stay on their nodes.
    await db().updateTable('projects').set({ name: 'Renamed by hand' }).where('id', '=', tier1Project.id).execute();
    expect((await report(`/rest/campaign/${campaignId}/reports`)).strategy.nodes.find((node) => node.id === tier1.id)!.projects)
      .toEqual([{ id: tier1Project.id, name: 'Renamed by hand' }]);

    expect((await bob.agent.request('GET', `/rest/campaign/${campaignId}/reports`)).statusCode).toBe(404);
    expect((await bob.agent.request('GET', `/rest/campaign/${campaignId}/dropped-targets`)).statusCode).toBe(404);
  });

  it.skipIf(skip)('a manual campaign is drawn as one node per tier; the dropped-targets count reads the same as the report; scoped to the user', async () => {
    const tier1 = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `https://t1.blog.test/m-${Date.now()}/`, links: [] });
    const { campaignId, outputLinkSetId } = tier1;
    await db().updateTable('projects').set({ name: 'Tier one', settings: JSON.stringify({ urlListId: outputLinkSetId }) }).where('id', '=', tier1.projectId).execute();
    await db().deleteFrom('url_items').where('id', '=', tier1.urlItemId).execute();
    await publishThree(campaignId, outputLinkSetId);
    const tier2 = await db().insertInto('projects').values({
      owner_id: ann.id, campaign_id: campaignId, name: 'Tier two', module: 'Private', status: 'COMPLETED', created_at: Date.now(),
      schedule: JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [tier1.projectId] }),
    }).returning('id').executeTakeFirstOrThrow();

    const { strategy, targets } = await report(`/rest/campaign/${campaignId}/reports`);
    expect(strategy.source).toBe('tiers');
    expect(strategy.nodes.map(({ id, label, tier, modules, projects, live, dead, pending }) => ({ id, label, tier, modules, projects, live, dead, pending }))).toEqual([
      { id: 'tier-1', label: 'Tier 1', tier: 1, modules: ['Private Blog'], projects: [{ id: tier1.projectId, name: 'Tier one' }], live: 1, dead: 1, pending: 1 },
      { id: 'tier-2', label: 'Tier 2', tier: 2, modules: ['Private Blog'], projects: [{ id: tier2.id, name: 'Tier two' }], live: 0, dead: 0, pending: 0 },
    ]);
    expect(strategy.edges).toEqual([{ id: 'tier-1>tier-2', source: 'tier-1', target: 'tier-2' }]);

    const light = await ann.agent.request('GET', `/rest/campaign/${campaignId}/dropped-targets`);
    expect(light.statusCode, light.body).toBe(200);
    expect(DroppedTargetsSchema.parse(light.json())).toEqual({ dropped: 1, missing: 0, gone: 1, atRisk: 0 });
    expect(targets).toEqual({ dropped: 1, missing: 0, gone: 1, atRisk: 0 });
    // A MISSING verdict counts as missing; a link not published by the engine (no post) never counts.
    await db().updateTable('url_items').set({ dead_reason: 'MISSING', dead_since: Date.now() }).where('url_list_id', '=', outputLinkSetId).where('check_status', '=', 'PENDING').execute();
    await db().insertInto('url_items').values({
      owner_id: ann.id, url_list_id: outputLinkSetId, url: 'https://money.test/typed', anchor: 'typed', site: 'https://money.test', date_added: Date.now(), created_at: Date.now(),
      check_status: 'MISSING', dead_since: Date.now(), dead_reason: 'GONE',
    }).execute();
    expect(DroppedTargetsSchema.parse((await ann.agent.request('GET', `/rest/campaign/${campaignId}/dropped-targets`)).json())).toEqual({ dropped: 2, missing: 1, gone: 1, atRisk: 0 });

    expect((await bob.agent.request('GET', `/rest/campaign/${campaignId}/dropped-targets`)).statusCode).toBe(404);
    expect((await bob.agent.request('GET', `/rest/project/${tier2.id}/reports`)).statusCode).toBe(404);
    expect((await ann.agent.request('GET', '/rest/campaign/999999/dropped-targets')).statusCode).toBe(404);
    expect((await bob.agent.request('GET', '/rest/campaign/999999/dropped-targets')).statusCode).toBe(404);
  });
});
