/**
 * Tier health, only live links to indexers and the link reports (issue 18.2, 18.3, 18.4) on both
 * databases. Tier 1 is three published posts on a local HTTP "blog" (pages this test serves and
 * deletes); tier 2 is a private project composing its posts from tier 1's output link set. Checks
 * run through post.verify with the test's own clock; IndexNow submissions go to the documented
 * stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentProjectFormSchema, DAY_MS, LinkReportSchema } from '@linkloom/shared';
import { JOB } from '../../src/engine/jobs/job-names';
import { composePost } from '../../src/engine/runner/compose-post';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { submitIndexerPost } from '../../src/engine/indexer/indexer-submit.job';
import { submitRunToService } from '../../src/engine/indexing-services/indexing-submit.job';
import { readEngineOptions, saveOptions } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { usePageBlog } from '../support/page-blog';
import { buildIndexerRun, buildPublishedPost } from '../support/engine-check-factories';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { startIndexNowStandIn, type IndexNowStandIn } from '../support/indexnow-stand-in';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

const MONEY = 'https://money.example.test/landing';
const signal = () => new AbortController().signal;

describe.each(DATABASES)('tier health and link reports on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const blog = usePageBlog(skip);
  const { pages } = blog;
  let standIn: IndexNowStandIn;

  beforeAll(async () => {
    if (skip) return;
    standIn = await startIndexNowStandIn();
    process.env.INDEXNOW_ENDPOINT_OVERRIDE = standIn.endpoint;
  });
  afterAll(async () => {
    if (skip) return;
    delete process.env.INDEXNOW_ENDPOINT_OVERRIDE;
    await standIn.close();
  });

  const live = `<p><a href="${MONEY}">landing page</a></p>`;
  /** A final check of a tier-1 post at `at` (retries over, so a 404 is stored at once). */
  const verify = (postId: number, at: number) =>
    verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId, retry: 100 }, signal: signal() }, () => at);
  const linkOf = (id: number) => db().selectFrom('url_items').select(['check_status', 'dead_since', 'dead_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  const report = async (path: string) => LinkReportSchema.parse((await ann.agent.request('GET', path)).json());

  /** Tier 1: three published posts in one output set, each its own private project; tier 2 links to that set. */
  async function buildTiers() {
    const first = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/t1-${Date.now()}-0/`, links: [{ url: MONEY, anchor: 'landing page' }] });
    const posts = [first];
    for (const n of [1, 2]) {
      posts.push(await buildPublishedPost(db(), {
        ownerId: ann.id, campaignId: first.campaignId, outputLinkSetId: first.outputLinkSetId,
        remoteUrl: `${blog.url}/t1-${Date.now()}-${n}/`, links: [{ url: MONEY, anchor: 'landing page' }],
      }));
    }
    // One tier-1 project holds the three posts (its output link set).
    await db().updateTable('engine_posts').set({ project_id: first.projectId, run_id: (await db().selectFrom('engine_posts').select('run_id').where('id', '=', first.postId).executeTakeFirstOrThrow()).run_id })
      .where('id', 'in', posts.map((post) => post.postId)).execute();
    await db().deleteFrom('project_runs').where('project_id', 'in', posts.slice(1).map((post) => post.projectId)).execute();
    await db().deleteFrom('projects').where('id', 'in', posts.slice(1).map((post) => post.projectId)).execute();
    for (const post of posts) {
      post.projectId = first.projectId;
      pages.set(new URL((await db().selectFrom('url_items').select('url').where('id', '=', post.urlItemId).executeTakeFirstOrThrow()).url).pathname, live);
      await db().updateTable('projects').set({ settings: JSON.stringify({ urlListId: first.outputLinkSetId }) }).where('id', '=', post.projectId).execute();
    }
    const urls = await Promise.all(posts.map(async (post) => (await db().selectFrom('url_items').select('url').where('id', '=', post.urlItemId).executeTakeFirstOrThrow()).url));
    const tier2 = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }], { campaignId: first.campaignId });
    const form = ContentProjectFormSchema.parse({
      ...tier2.form, linkSetProfiles: [{ linkSetId: first.outputLinkSetId, name: 'Tier 1', minLinks: 3, maxLinks: 3, linkProb: 100 }],
    });
    await db().updateTable('projects').set({ settings: JSON.stringify(form), schedule: JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [posts[0]!.projectId] }) })
      .where('id', '=', tier2.projectId).execute();
    return { posts, urls, form, tier2, campaignId: first.campaignId, outputLinkSetId: first.outputLinkSetId };
  }

  /**
   * The tier-1 URLs new tier-2 posts link to: eight posts (each draws its links with replacement, so
   * one post may miss a target). The link set snapshot is read again after 2 s, so callers poll.
   */
  const linkedUrls = async (form: ReturnType<typeof ContentProjectFormSchema.parse>, key: string) => {
    const found = new Set<string>();
    for (let n = 1; n <= 8; n += 1) {
      const composed = await composePost(db(), ann.id, form, null, { idempotency_key: `${key}-n${n}`, article_id: null });
      if (!composed.ok) throw new Error(composed.error);
      for (const match of composed.post.built.html.matchAll(/href="([^"]+)"/g)) if (match[1]!.startsWith(blog.url)) found.add(match[1]!);
    }
    return [...found].sort();
  };

  it.skipIf(skip)('a tier-1 post dead twice in a row drops out of tier 2 and the indexer, the campaign says why, and a live check brings it back', async () => {
    const { posts, urls, form, campaignId, outputLinkSetId, tier2 } = await buildTiers();
    const t0 = Date.now();
    for (const post of posts) await verify(post.postId, t0 + 60_000);
    expect(await linkedUrls(form, 'i1-p1-r1-s1')).toEqual([...urls].sort());

    // The first post is deleted from the blog: one GONE check alone drops nothing.
    pages.delete(new URL(urls[0]!).pathname);
    await verify(posts[0]!.postId, t0 + DAY_MS);
    expect(await linkOf(posts[0]!.urlItemId)).toEqual({ check_status: 'MISSING', dead_since: null, dead_reason: null });
    expect((await report(`/rest/campaign/${campaignId}/reports`)).targets).toEqual({ dropped: 0, missing: 0, gone: 0, atRisk: 0 });
    // Two tier-2 posts already published: one links to the deleted post (and another), one does not.
    const tier2Set = form.urlListId!;
    await buildPublishedPost(db(), {
      ownerId: ann.id, campaignId, outputLinkSetId: tier2Set, remoteUrl: `${blog.url}/t2-${t0}-a/`,
      links: [{ url: urls[0]!, anchor: 'first', linkSetId: outputLinkSetId }, { url: urls[1]!, anchor: 'second', linkSetId: outputLinkSetId }],
    });
    await buildPublishedPost(db(), {
      ownerId: ann.id, campaignId, outputLinkSetId: tier2Set, remoteUrl: `${blog.url}/t2-${t0}-b/`, links: [{ url: urls[2]!, anchor: 'third', linkSetId: outputLinkSetId }],
    });

    // The second dead check in a row: dead since then, GONE.
    await verify(posts[0]!.postId, t0 + 7 * DAY_MS);
    const dead = await linkOf(posts[0]!.urlItemId);
    expect({ ...dead, dead_since: Number(dead.dead_since) }).toEqual({ check_status: 'MISSING', dead_since: t0 + 7 * DAY_MS, dead_reason: 'GONE' });
    await expect.poll(() => linkedUrls(form, 'i1-p1-r1-s2'), { timeout: 10_000, interval: 250 }).toEqual([urls[1], urls[2]].sort());
    const campaign = await report(`/rest/campaign/${campaignId}/reports`);
    // The knock-on (issue 36 item 3): the tier-2 post that links to the dead page is at risk.
    expect(campaign.targets).toEqual({ dropped: 1, missing: 0, gone: 1, atRisk: 1 });
    expect(campaign.nodes.find((node) => node.projectId === posts[0]!.projectId)).toMatchObject({ tier: 1, live: 2, dead: 1, pending: 0, atRisk: 0 });
    // Tier 2's node (the project whose output set the posts went to) carries it, in the strategy drawn too.
    expect(campaign.nodes.find((node) => node.projectId === tier2.projectId)).toMatchObject({ tier: 2, atRisk: 1 });
    expect(campaign.strategy.nodes.reduce((sum, node) => sum + node.atRisk, 0)).toBe(1);
    expect((await ann.agent.request('GET', `/rest/campaign/${campaignId}/dropped-targets`)).json()).toMatchObject({ dropped: 1, missing: 0, gone: 1, atRisk: 1 });
    expect((await report(`/rest/project/${tier2.projectId}/reports`)).targets.atRisk).toBe(1);
    expect((await report(`/rest/project/${posts[0]!.projectId}/reports`)).targets.atRisk).toBe(0);
    // Tier 2's link set marks that post: it points to a dead page.
    const listed = (await ann.agent.request('GET', `/rest/url_items/${tier2Set}?page=1&pageSize=50`)).json() as { urls: { url: string; pointsToDeadPage?: boolean }[] };
    expect(listed.urls.map((link) => [link.url, link.pointsToDeadPage ?? false]).sort()).toEqual([[`${blog.url}/t2-${t0}-a/`, true], [`${blog.url}/t2-${t0}-b/`, false]]);

    // The indexer submits only the live links and its run says how many were held back.
    const key = (await readEngineOptions(db(), ann.id)).indexNowKey;
    standIn.knownKeys = new Set([key]);
    standIn.received.length = 0;
    const run = await buildIndexerRun(db(), { ownerId: ann.id, campaignId, linkSetId: outputLinkSetId, engineSiteIds: [2] });
    await submitIndexerPost({ ctx: ctx.server.context, job: { id: `t-${run.postIds[0]}`, name: JOB.indexerSubmit, payload: { ownerId: ann.id, postId: run.postIds[0]! }, attempt: 1, signal: signal() }, log: () => undefined });
    expect(standIn.received.flatMap((request) => request.urlList).sort()).toEqual([urls[1], urls[2]].sort());
    const indexerRun = await db().selectFrom('project_runs').select(['state', 'last_error']).where('id', '=', run.runId).executeTakeFirstOrThrow();
    const outputName = (await db().selectFrom('url_lists').select('name').where('id', '=', outputLinkSetId).executeTakeFirstOrThrow()).name;
    expect(indexerRun).toEqual({
      state: 'completed',
      last_error: JSON.stringify([`1 link of "${outputName}" held back from Bing: their latest check found them dead (Missing or Error) or is still retrying`]),
    });

    // The post is restored: the next check finds it alive and tier 2 links to it again.
    pages.set(new URL(urls[0]!).pathname, live);
    await verify(posts[0]!.postId, t0 + 30 * DAY_MS);
    expect(await linkOf(posts[0]!.urlItemId)).toEqual({ check_status: 'OK', dead_since: null, dead_reason: null });
    await expect.poll(() => linkedUrls(form, 'i1-p1-r1-s3'), { timeout: 10_000, interval: 250 }).toEqual([...urls].sort());
    // Alive again: nothing is at risk any more.
    expect((await report(`/rest/campaign/${campaignId}/reports`)).targets).toEqual({ dropped: 0, missing: 0, gone: 0, atRisk: 0 });
  });

  it.skipIf(skip)('an indexing service gets only the run posts whose latest check is live, and the run says how many were held back', async () => {
    const { posts, urls } = await buildTiers();
    const t0 = Date.now();
    for (const post of posts) await verify(post.postId, t0);
    pages.delete(new URL(urls[2]!).pathname);
    await verify(posts[2]!.postId, t0 + DAY_MS);
    // The tier-1 run holds the three posts; its project asks for IndexNow.
    const runId = (await db().selectFrom('engine_posts').select('run_id').where('id', '=', posts[0]!.postId).executeTakeFirstOrThrow()).run_id;
    const projectId = posts[0]!.projectId;
    const settings = { urlListId: null, useIndexers: true, indexers: ['IndexNow'] };
    await db().updateTable('projects').set({ settings: JSON.stringify(settings) }).where('id', '=', projectId).execute();
    await saveOptions(db(), ann.id, {});
    standIn.knownKeys = new Set([(await readEngineOptions(db(), ann.id)).indexNowKey]);
    standIn.received.length = 0;
    await submitRunToService(ctx.server.context, { payload: { ownerId: ann.id, runId, service: 'IndexNow' }, signal: signal() });
    expect(standIn.received.flatMap((request) => request.urlList).sort()).toEqual([urls[0], urls[1]].sort());
    const lines = JSON.parse((await db().selectFrom('project_runs').select('last_error').where('id', '=', runId).executeTakeFirstOrThrow()).last_error) as string[];
    expect(lines).toEqual(['1 post was held back from indexing service IndexNow: their latest check found them dead (Missing or Error) or is still retrying.']);
  });

  it.skipIf(skip)('reports the anchor mix against the link set, posts per day against the plan, survival, dofollow share; scoped to the user', async () => {
    const { posts, tier2, campaignId } = await buildTiers();
    // Tier 2 draws from the money pages again, whose keywords ask for 60 % primary, 20 % branded, 20 % naked URLs.
    await db().updateTable('projects').set({ settings: JSON.stringify(tier2.form) }).where('id', '=', tier2.projectId).execute();
    const t0 = Date.UTC(2026, 0, 10, 12);
    await verify(posts[0]!.postId, t0);
    await verify(posts[1]!.postId, t0);
    pages.set(new URL((await db().selectFrom('url_items').select('url').where('id', '=', posts[2]!.urlItemId).executeTakeFirstOrThrow()).url).pathname, '<p><a rel="nofollow" href="https://money.example.test/landing">landing page</a></p>');
    await verify(posts[2]!.postId, t0);
    // Tier 2 published ten posts over two days (planned five a day): anchors 6 primary, 2 branded, 2 naked.
    const runId = (await db().insertInto('project_runs').values({ owner_id: ann.id, project_id: tier2.projectId, state: 'completed', started_at: t0, finished_at: t0, created_at: t0 })
      .returning('id').executeTakeFirstOrThrow()).id;
    const anchors = ['organic seeds', 'heirloom seeds', 'rare seeds', 'organic seeds', 'Organic Seeds', 'rare seeds', 'SeedCo', 'SeedCo', 'naked', 'naked'];
    for (const [i, anchor] of anchors.entries()) {
      const at = t0 + (i < 5 ? 0 : DAY_MS) + i * 1000;
      const post = await db().insertInto('engine_posts').values({
        owner_id: ann.id, project_id: tier2.projectId, run_id: runId, site_key: tier2.sites[0]!.key, seq: i + 1, idempotency_key: `r-${runId}-${i}`,
        state: 'published', start_after: at, remote_url: `${blog.url}/t2-${i}/`, created_at: t0, updated_at: at + (i === 4 ? DAY_MS : 0),
      }).returning('id').executeTakeFirstOrThrow();
      const url = tier2.links[i % 3]!;
      await db().insertInto('engine_post_links').values({ owner_id: ann.id, post_id: post.id, url, anchor: anchor === 'naked' ? url : anchor, created_at: at }).execute();
    }

    const project = await report(`/rest/project/${tier2.projectId}/reports`);
    expect(project.projectId).toBe(tier2.projectId);
    expect(project.anchorMix.map(({ type, count, realised, configured }) => ({ type, count, realised, configured }))).toEqual([
      { type: 'primary', count: 6, realised: 60, configured: 60 },
      { type: 'branded', count: 2, realised: 20, configured: 20 },
      { type: 'nakedUrl', count: 2, realised: 20, configured: 20 },
    ]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(project.postsPerDay.map(({ day: d, planned, published }) => ({ d, planned, published }))).toEqual([
      { d: day(t0), planned: 5, published: 4 },
      { d: day(t0 + DAY_MS), planned: 5, published: 6 },
    ]);

    const campaign = await report(`/rest/campaign/${campaignId}/reports`);
    expect(campaign.nodes.map((node) => node.tier).sort()).toEqual([1, 2]);
    expect(campaign.dofollow).toEqual([{ site: blog.url, dofollow: 2, nofollow: 1, share: (2 / 3) * 100 }]);
    const tier1 = campaign.survival.filter((row) => row.by === 'tier' && row.group === 'Tier 1');
    expect(tier1.find((row) => row.ageDays === 0)).toEqual({ by: 'tier', group: 'Tier 1', ageDays: 0, total: 3, alive: 3, share: 100 });
    expect(tier1.find((row) => row.ageDays === 1)).toMatchObject({ total: 0, alive: 0, share: null });
    expect(campaign.survival.filter((row) => row.by === 'platform').map((row) => row.group)).toContain('Private');

    // Bob sees none of it; a bad id is refused.
    expect((await bob.agent.request('GET', `/rest/campaign/${campaignId}/reports`)).statusCode).toBe(404);
    expect((await bob.agent.request('GET', `/rest/project/${tier2.projectId}/reports`)).statusCode).toBe(404);
    expect((await ann.agent.request('GET', '/rest/campaign/x1/reports')).statusCode).toBe(422);
  });
});
