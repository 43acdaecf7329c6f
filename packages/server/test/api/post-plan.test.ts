/**
 * What a run plans at Start (issue 34 items 3 and 4) on both databases, through the engine's own
 * storage: project.run plans each post's article (least used by the project across runs, under the
 * group's maxUsagePerArticle, with its title variant) and its links (spread evenly over the input
 * link set, never on the post's own registrable domain — IP hosts and co.uk included); composePost
 * builds from that plan, posts built side by side get no two equal titles or bodies, and the
 * project screen says "N articles for M posts: reuses will be spun" before Start.
 * No engine runs here: project.run is called by hand and nothing is published.
 */
import { describe, expect, it } from 'vitest';
import {
  ContentProjectFormSchema, ProjectReadinessSchema, READINESS_NOTICES, linkSpread, registrableDomain, titleKey, type ContentProjectForm,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildPrivateProjectWorld, type PrivateProjectWorld } from '../support/engine-world';
import { startProjectRun } from '../../src/engine/runner/start-project-run';
import { runProject } from '../../src/engine/runner/project-run.job';
import { COMPOSE_MESSAGES, composePost } from '../../src/engine/runner/compose-post';
import { engineOptions } from '../../src/engine/runner/engine-options';

const blogs = (urls: readonly string[]) => urls.map((url) => ({ url, username: 'admin', password: 'unused' }));
const SIX = blogs(['https://one.example.com', 'https://two.example.org', 'https://three.example.net', 'https://four.test', 'https://five.test', 'https://six.test']);

describe.each(DATABASES)('the run plan of posts on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const log = (error: unknown) => { throw error; };

  /** Start as a person would, then the project.run job by hand: the run's posts, planned. */
  async function planRun(projectId: number) {
    await db().updateTable('projects').set({ status: 'NEW' }).where('id', '=', projectId).execute();
    await startProjectRun(ctx.server.context, ann.id, projectId, { from: ['NEW'] });
    const run = await db().selectFrom('project_runs').select('id').where('project_id', '=', projectId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await runProject(ctx.server.context, { ownerId: ann.id, projectId, runId: run.id }, log);
    return db().selectFrom('engine_posts').selectAll().where('run_id', '=', run.id).orderBy('id').execute();
  }

  const formOf = async (w: PrivateProjectWorld): Promise<ContentProjectForm> =>
    ContentProjectFormSchema.parse(JSON.parse((await db().selectFrom('projects').select('settings').where('id', '=', w.projectId).executeTakeFirstOrThrow()).settings));

  it.skipIf(skip)('gives each post the least-used article across runs, spins and retitles reuses, honours maxUsagePerArticle', async () => {
    const w = await buildPrivateProjectWorld(db(), ann.id, SIX);
    const articles = await db().selectFrom('articles').select(['id', 'title']).where('content_group_id', '=', w.contentGroupId).orderBy('id').execute();
    // Spinning off on the project: reuses are spun all the same (built-in spinner, the default).
    const form = { ...(await formOf(w)), spinArticles: false };
    await db().updateTable('projects').set({ settings: JSON.stringify(form) }).where('id', '=', w.projectId).execute();

    const readiness = ProjectReadinessSchema.parse((await ann.agent.request('GET', `/rest/project/${w.projectId}/readiness`)).json());
    expect(readiness).toEqual({ problems: [], notices: [READINESS_NOTICES.reusesSpun(2, 6)] });
    expect(READINESS_NOTICES.reusesSpun(2, 6)).toBe('2 articles for 6 posts: reuses will be spun');

    const first = await planRun(w.projectId);
    expect(first).toHaveLength(6);
    const uses = (posts: typeof first) => articles.map((article) => posts.filter((post) => post.planned_article_id === article.id).length);
    expect(uses(first)).toEqual([3, 3]);
    // Each article once before either twice, and every use of one title its own variant.
    expect(new Set(first.slice(0, 2).map((post) => post.planned_article_id)).size).toBe(2);
    for (const article of articles) {
      expect(first.filter((post) => post.planned_article_id === article.id).map((post) => post.article_variant)).toEqual([0, 1, 2]);
    }

    // Posts built side by side (as post.publish's jobs do) from the plan: no title, no body twice.
    const spinning = { service: 'BuiltIn' as const, settings: (await engineOptions(db(), ann.id)).spinners, timeoutMs: 10_000 };
    const composed = await Promise.all(first.map((post) => composePost(db(), ann.id, form, null, { ...post, siteUrl: w.sites.find((s) => s.key === post.site_key)!.url }, spinning)));
    const built = composed.map((result) => {
      if (!result.ok) throw new Error(result.error);
      return result.post;
    });
    expect(built.map((post) => post.articleId)).toEqual(first.map((post) => post.planned_article_id));
    expect(new Set(built.map((post) => titleKey(post.built.title))).size).toBe(6);
    expect(new Set(built.map((post) => post.built.html)).size).toBe(6);

    // They appear; the next run continues the count: every article used three times, variants 3, 4, 5.
    for (const post of first) {
      await db().updateTable('engine_posts').set({ state: 'published', article_id: post.planned_article_id }).where('id', '=', post.id).execute();
    }
    await db().updateTable('projects').set({ status: 'COMPLETED' }).where('id', '=', w.projectId).execute();
    const second = await planRun(w.projectId);
    expect(uses(second)).toEqual([3, 3]);
    for (const article of articles) {
      expect(second.filter((post) => post.planned_article_id === article.id).map((post) => post.article_variant)).toEqual([3, 4, 5]);
    }
    const titles = await Promise.all(second.map(async (post) => {
      const result = await composePost(db(), ann.id, form, null, post, spinning);
      return result.ok ? titleKey(result.post.built.title) : result.error;
    }));
    const firstTitles = built.map((post) => titleKey(post.built.title));
    expect(new Set([...firstTitles, ...titles]).size).toBe(12);

    // The group's maximum (usage counted by every project): article 1 is full, article 2 takes 2 more.
    await db().updateTable('engine_posts').set({ state: 'cancelled' }).where('run_id', '=', second[0]!.run_id).execute();
    await db().updateTable('content_groups').set({ max_usage_per_article: 4 }).where('id', '=', w.contentGroupId).execute();
    await db().updateTable('articles').set({ usage_count: 4 }).where('id', '=', articles[0]!.id).execute();
    await db().updateTable('articles').set({ usage_count: 2 }).where('id', '=', articles[1]!.id).execute();
    await db().updateTable('projects').set({ status: 'COMPLETED' }).where('id', '=', w.projectId).execute();
    const third = await planRun(w.projectId);
    expect(third.map((post) => post.planned_article_id)).toEqual([articles[1]!.id, articles[1]!.id, null, null, null, null]);
    const full = await composePost(db(), ann.id, form, null, third[2]!, spinning);
    // (composePost reads the group's settings once per 2 s: the message may still name the old maximum.)
    const group = await db().selectFrom('content_groups').select('name').where('id', '=', w.contentGroupId).executeTakeFirstOrThrow();
    const refusal = full.ok ? '' : full.error;
    expect(refusal.startsWith(`Every article of the content group "${group.name}" was used`)).toBe(true);
    expect(refusal.endsWith(COMPOSE_MESSAGES.allUsed(group.name, 4).split(' times')[1]!)).toBe(true);
  });

  it.skipIf(skip)('spreads a tier-2 run\'s links evenly over the tier-1 posts, none on the post\'s own domain (IP host, co.uk)', async () => {
    const tier1 = await buildPrivateProjectWorld(db(), ann.id, blogs(['https://t1.test']));
    // Tier 1's posts: on an IP host (two ports), on two subdomains of one co.uk domain, and elsewhere.
    const hosts = ['http://127.0.0.1:8081', 'http://127.0.0.1:8082', 'https://a.example.co.uk', 'https://www.b.example.co.uk', 'https://c.test', 'https://d.test'];
    const now = Date.now();
    const targets = hosts.flatMap((host, h) => [1, 2].map((n) => `${host}/?p=${h * 10 + n}`));
    for (const url of targets) {
      await db().insertInto('url_items').values({ owner_id: ann.id, url_list_id: tier1.outputLinkSetId, url, anchor: `Tier one post ${url}`, date_added: now, created_at: now }).execute();
    }
    const tier2 = await buildPrivateProjectWorld(db(), ann.id, blogs(['http://127.0.0.1:9090', 'https://blog.example.co.uk', 'https://c.test', 'https://e.test']), { campaignId: tier1.campaignId, schedule: { numberOfPosts: 3 } });
    const form = ContentProjectFormSchema.parse({ ...tier2.form, useLinkSet: false, minLinks: 2, maxLinks: 2 });
    const schedule = JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [tier1.projectId], numberOfPosts: 3 });
    await db().updateTable('projects').set({ settings: JSON.stringify(form), schedule }).where('id', '=', tier2.projectId).execute();

    // Tier 2's anchors: half target titles, half naked URLs, drawn with the plan (posts built side by side keep the mix).
    await db().updateTable('url_lists').set({ use_keyword: 1, primary_keyword: 'seeds', primary_percentage: 0, naked_url_percentage: 50, link_anchor_percentage: 50 })
      .where('id', '=', tier1.outputLinkSetId).execute();

    const posts = await planRun(tier2.projectId);
    expect(posts).toHaveLength(12);
    const planned = await db().selectFrom('engine_post_targets').select(['post_id', 'url', 'link_set_id', 'anchor_type']).where('post_id', 'in', posts.map((p) => p.id)).orderBy('id').execute();
    expect(planned).toHaveLength(24);
    expect(planned.filter((row) => row.anchor_type === 'linkAnchor')).toHaveLength(12);
    expect(planned.filter((row) => row.anchor_type === 'nakedUrl')).toHaveLength(12);
    expect(planned.every((row) => row.link_set_id === tier1.outputLinkSetId)).toBe(true);
    const siteOf = (postId: number) => tier2.sites.find((site) => site.key === posts.find((p) => p.id === postId)!.site_key)!.url;
    for (const row of planned) expect(registrableDomain(row.url)).not.toBe(registrableDomain(siteOf(row.post_id)));
    expect(linkSpread(targets.length, posts.map((post) => planned.filter((row) => row.post_id === post.id)))).toBeLessThanOrEqual(1);

    // Built from the plan: exactly the planned links, whatever the draw would have been.
    for (const post of posts) {
      const result = await composePost(db(), ann.id, form, schedule, { ...post, siteUrl: siteOf(post.id) });
      if (!result.ok) throw new Error(result.error);
      expect(result.post.built.links.map((link) => link.url).sort()).toEqual(planned.filter((row) => row.post_id === post.id).map((row) => row.url).sort());
      expect(result.post.built.links.map((link) => link.anchorType).sort()).toEqual(planned.filter((row) => row.post_id === post.id).map((row) => row.anchor_type).sort());
    }
  });
});
