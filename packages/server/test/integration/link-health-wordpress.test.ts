/**
 * Link health against real WordPress blogs (issue 18 tests; Debian's WordPress, scripts/peers): a
 * private blog project publishes tier 1 on two blogs and the engine verifies it; one post is then
 * deleted on its blog (moved to the trash through the blog's REST API). Two re-checks find it gone,
 * so tier 2 stops linking it and the indexer holds it back; restoring the post on the blog and
 * re-checking brings it back into tier 2. The re-checks run through post.verify with their own clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentProjectFormSchema, DAY_MS } from '@linkloom/shared';
import { JOB } from '../../src/engine/jobs/job-names';
import { composePost } from '../../src/engine/runner/compose-post';
import { submitIndexerPost } from '../../src/engine/indexer/indexer-submit.job';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { readEngineOptions } from '../../src/features/options/options.repository';
import { buildIndexerRun } from '../support/engine-check-factories';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { startIndexNowStandIn, type IndexNowStandIn } from '../support/indexnow-stand-in';
import { wordPressAvailability, type WordPressPeerSite } from '../support/wordpress-peers';
import { useEngineApp } from '../support/engine-app';
import { untilWithin } from '../support/until';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;
const until = untilWithin(90_000, 200);

describe.skipIf(!availability.available)(`link health on real WordPress${skipReason}`, () => {
  const app = useEngineApp({ wordPressBlogs: 2 });
  let standIn: IndexNowStandIn;

  beforeAll(async () => {
    standIn = await startIndexNowStandIn();
    process.env.INDEXNOW_ENDPOINT_OVERRIDE = standIn.endpoint;
  });

  afterAll(async () => {
    delete process.env.INDEXNOW_ENDPOINT_OVERRIDE;
    await standIn?.close();
  });

  const db = () => app.server.database.db;
  const signal = () => new AbortController().signal;
  /** The blog's REST API as its admin (application password). */
  const wp = (site: WordPressPeerSite, method: string, route: string, body?: object) => fetch(`${site.url}/wp-json/wp/v2/${route}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`).toString('base64')}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

  it('a post deleted on its blog is found gone twice, dropped by tier 2 and held back from the indexer; restored, it comes back', async () => {
    const world = await buildPrivateProjectWorld(db(), app.ownerId, app.peers.sites.map((site) => ({ url: site.url, username: site.username, password: site.applicationPassword })));
    const saved = await app.agent.request('POST', '/rest/privateproject', {
      body: { project: { id: world.projectId, ...world.form }, sites: world.sites.map((site) => ({ id: { siteId: site.id, email: site.email }, checked: true })), sessionUuid: 'health-1' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await app.agent.request('GET', `/action/start/project/${world.projectId}`)).statusCode).toBe(200);
    await until('tier 1 to be published and verified', async () => {
      const items = await db().selectFrom('url_items').select('check_status').where('url_list_id', '=', world.outputLinkSetId).execute();
      return items.length === 2 && items.every((item) => item.check_status === 'OK') ? true : undefined;
    });
    const outputs = await db().selectFrom('url_items').innerJoin('engine_posts', 'engine_posts.id', 'url_items.post_id')
      .select(['url_items.id', 'url_items.url', 'engine_posts.id as postId', 'engine_posts.remote_id', 'url_items.site']).where('url_items.url_list_id', '=', world.outputLinkSetId).orderBy('url_items.id').execute();
    const [gone, kept] = outputs;
    const blog = app.peers.sites.find((site) => site.url === gone!.site)!;

    // Tier 2 draws its links from tier 1's output set.
    const tier2 = ContentProjectFormSchema.parse({ ...world.form, linkSetProfiles: [{ linkSetId: world.outputLinkSetId, name: 'Tier 1', minLinks: 2, maxLinks: 2, linkProb: 100 }] });
    const linked = async (key: string) => {
      const found = new Set<string>();
      for (let n = 1; n <= 6; n += 1) {
        const composed = await composePost(db(), app.ownerId, tier2, null, { idempotency_key: `${key}-n${n}`, article_id: null });
        if (!composed.ok) throw new Error(composed.error);
        for (const match of composed.post.built.html.matchAll(/href="([^"]+)"/g)) if (outputs.some((output) => output.url === match[1])) found.add(match[1]!);
      }
      return [...found].sort();
    };
    expect(await linked('t2-a')).toEqual(outputs.map((output) => output.url).sort());

    // The post is deleted on its blog (trash): its page answers 404.
    expect((await wp(blog, 'DELETE', `posts/${gone!.remote_id}`)).status).toBe(200);
    expect((await fetch(gone!.url)).status).toBe(404);
    const t0 = Date.now();
    const recheck = (at: number) => verifyPost(app.server.context, { payload: { ownerId: app.ownerId, postId: gone!.postId, retry: 100 }, signal: signal() }, () => at);
    await recheck(t0 + DAY_MS);
    expect(await db().selectFrom('url_items').select(['check_status', 'dead_reason']).where('id', '=', gone!.id).executeTakeFirstOrThrow()).toEqual({ check_status: 'MISSING', dead_reason: null });
    await recheck(t0 + 7 * DAY_MS);
    expect(await db().selectFrom('url_items').select(['check_status', 'dead_reason']).where('id', '=', gone!.id).executeTakeFirstOrThrow()).toEqual({ check_status: 'MISSING', dead_reason: 'GONE' });
    await until('tier 2 to stop linking the deleted post', async () => ((await linked('t2-b')).join() === kept!.url ? true : undefined), 15_000);

    // The indexer submits the live post only.
    standIn.knownKeys = new Set([(await readEngineOptions(db(), app.ownerId)).indexNowKey]);
    standIn.received.length = 0;
    const run = await buildIndexerRun(db(), { ownerId: app.ownerId, campaignId: world.campaignId, linkSetId: world.outputLinkSetId, engineSiteIds: [2] });
    await submitIndexerPost({ ctx: app.server.context, job: { id: `h-${run.postIds[0]}`, name: JOB.indexerSubmit, payload: { ownerId: app.ownerId, postId: run.postIds[0]! }, attempt: 1, signal: signal() }, log: () => undefined });
    expect(standIn.received.flatMap((request) => request.urlList)).toEqual([kept!.url]);

    // Restored on the blog (published again): the next check finds it and tier 2 links it again.
    const restored = await wp(blog, 'POST', `posts/${gone!.remote_id}`, { status: 'publish', slug: new URL(gone!.url).pathname.split('/').filter(Boolean).at(-1) });
    expect(restored.status).toBe(200);
    expect((await fetch(gone!.url)).status).toBe(200);
    await recheck(t0 + 30 * DAY_MS);
    expect(await db().selectFrom('url_items').select(['check_status', 'dead_reason']).where('id', '=', gone!.id).executeTakeFirstOrThrow()).toEqual({ check_status: 'OK', dead_reason: null });
    await until('tier 2 to link the restored post again', async () => ((await linked('t2-c')).length === 2 ? true : undefined), 15_000);
  });
});
