/**
 * Schedules driving the engine end to end on a real WordPress blog (Debian's WordPress,
 * scripts/peers): a tier-1 private blog project starts at its FixedDate instant, publishes and
 * completes; its AfterProject child (tier 2, no input link sets of its own) starts because the
 * parent completed and posts links to the parent's published posts (the parent's output link set).
 */
import { describe, expect, it } from 'vitest';
import { rearmSchedule } from '../../src/engine/scheduler/arm-schedule';
import { buildPrivateProjectWorld, pageAnchors, type PrivateProjectWorld } from '../support/engine-world';
import { wordPressAvailability } from '../support/wordpress-peers';
import { useEngineApp } from '../support/engine-app';
import { untilWithin } from '../support/until';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const until = untilWithin(90_000);

describe.skipIf(!availability.available)(`engine: schedules and tiers on real WordPress${skipReason}`, () => {
  // Two blogs on hosts of their own: tier 2 never links a post on its own domain (issue 34).
  const app = useEngineApp({ wordPressBlogs: 2, wordPressHosts: ['127.0.0.71', '127.0.0.72'], timeoutMs: 180_000 });

  const db = () => app.server.database.db;
  const project = async (id: number) => {
    const row = await db().selectFrom('projects').select(['status', 'last_error', 'schedule']).where('id', '=', id).executeTakeFirstOrThrow();
    return { ...row, schedule: JSON.parse(row.schedule ?? 'null') as Record<string, unknown> | null };
  };
  const finished = (id: number) => until(`project ${id} to finish`, async () => {
    const row = await project(id);
    return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
  });
  const runOf = async (id: number) => {
    const run = await db().selectFrom('project_runs').select(['started_at', 'finished_at', 'state']).where('project_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { state: run.state, startedAt: Number(run.started_at), finishedAt: run.finished_at === null ? null : Number(run.finished_at) };
  };
  const save = async (world: PrivateProjectWorld, schedule: object) => {
    const response = await app.agent.request('POST', `/rest/schedule/${world.projectId}`, { body: { status: 'SCHEDULED', schedule } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('tier 1 starts at its instant and completes; tier 2 starts after it and links to its posts', async () => {
    const [blog, other] = app.peers.sites.map((site) => ({ url: site.url, username: site.username, password: site.applicationPassword }));
    const tier1 = await buildPrivateProjectWorld(db(), app.ownerId, [blog!]);
    const tier2 = await buildPrivateProjectWorld(db(), app.ownerId, [other!], { campaignId: tier1.campaignId });
    // Tier 2 has no input link sets: its links come from its parent's output link set.
    const tier2Form = { ...tier2.form, useLinkSet: false, linkSetProfiles: [], minLinks: 1, maxLinks: 1 };
    await db().updateTable('projects').set({ settings: JSON.stringify(tier2Form) }).where('id', '=', tier2.projectId).execute();

    await save(tier2, { scheduleType: 'AfterProject', sourceProjectIds: [tier1.projectId], durationType: 'Once', numberOfPosts: 1 });
    await save(tier1, { scheduleType: 'FixedDate', startDate: '24/12/2030 18:30', durationType: 'Once', numberOfPosts: 2 });
    // The wire carries whole minutes: move tier 1's instant close, armed as saving arms it.
    const at = Date.now() + 1500;
    await db().updateTable('projects').set({ next_run_at: at }).where('id', '=', tier1.projectId).execute();
    await rearmSchedule(app.server.context, app.ownerId, tier1.projectId);
    expect((await project(tier1.projectId)).status).toBe('SCHEDULED');
    expect((await project(tier2.projectId)).status).toBe('SCHEDULED');

    const done1 = await finished(tier1.projectId);
    expect(done1.status, JSON.stringify(done1.last_error)).toBe('COMPLETED');
    const run1 = await runOf(tier1.projectId);
    expect(run1.startedAt - at).toBeGreaterThanOrEqual(0);
    expect(run1.startedAt - at).toBeLessThan(1000);
    await until('tier 1 schedule DONE', async () => (await project(tier1.projectId)).schedule?.status === 'DONE');
    const tier1Posts = (await db().selectFrom('url_items').select('url').where('url_list_id', '=', tier1.outputLinkSetId).execute()).map((item) => item.url);
    expect(tier1Posts).toHaveLength(2);

    const done2 = await finished(tier2.projectId);
    expect(done2.status, JSON.stringify(done2.last_error)).toBe('COMPLETED');
    const run2 = await runOf(tier2.projectId);
    // Started by the run listener as tier 1 completed, not by a later tick.
    expect(run2.startedAt).toBeGreaterThanOrEqual(run1.finishedAt!);
    expect(run2.startedAt - run1.finishedAt!).toBeLessThan(1000);
    await until('tier 2 schedule DONE', async () => (await project(tier2.projectId)).schedule?.status === 'DONE');

    // Tier 2's post is on the blog and links to a tier-1 post.
    const [tier2Post] = await db().selectFrom('url_items').select('url').where('url_list_id', '=', tier2.outputLinkSetId).execute();
    expect(tier2Post).toBeDefined();
    const page = await fetch(tier2Post!.url);
    expect(page.status).toBe(200);
    const hrefs = pageAnchors(await page.text()).map((anchor) => anchor.href);
    expect(hrefs.some((href) => tier1Posts.includes(href))).toBe(true);
  }, 180_000);
});
