/**
 * A private blog project whose input link set is too large to load whole (over 20,000 live links,
 * with dead ones among them) against two real WordPress blogs: each post reads its links by
 * position among the set's live links (engine/runner/links-at-positions.ts, through the live-link
 * index of migration 0046). The posts are read back from the blogs: every link placed is a live
 * link of the set, on the page with its anchor, never a dead one, and the two posts do not carry
 * the same links.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngineApp } from '../support/engine-app';
import { buildPrivateProjectWorld, pageAnchors } from '../support/engine-world';
import { buildLinks } from '../support/link-factories';
import { wordPressAvailability } from '../support/wordpress-peers';
import { untilWithin } from '../support/until';

/** With every other one dead, still past compose-post.ts's WHOLE_SET_LIMIT (20,000 live links). */
const LARGE = 44_000;

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;
const until = untilWithin(90_000, 200);

describe.skipIf(!availability.available)(`engine: posts from a link set too large to load whole, on real WordPress${skipReason}`, () => {
  const app = useEngineApp({ wordPressBlogs: 2 });
  const db = () => app.server.database.db;

  it('places live links of the set read by position, found on the published pages', async () => {
    const world = await buildPrivateProjectWorld(db(), app.ownerId, app.peers.sites.map((site) => ({ url: site.url, username: site.username, password: site.applicationPassword })), { linksPerPost: 3 });
    await buildLinks(db(), { ownerId: app.ownerId, urlListId: world.inputLinkSetId }, Array.from({ length: LARGE }, (_, i) => ({ url: `https://shop-${i % 97}.example.test/seeds/${i}`, anchor: `seed shop ${i % 13}` })));
    // Every other link found dead (tier health): never a target for a new post. A read that counted
    // them would place one among the six links of the two posts but once in 64 runs.
    await sql`update url_items set dead_since = 1 where url_list_id = ${world.inputLinkSetId} and id % 2 = 0`.execute(db());
    const live = await db().selectFrom('url_items').select('url').where('url_list_id', '=', world.inputLinkSetId).where('dead_since', 'is', null).execute();
    const dead = await db().selectFrom('url_items').select('url').where('url_list_id', '=', world.inputLinkSetId).where('dead_since', 'is not', null).execute();
    expect(live.length).toBeGreaterThan(20_000);
    const liveUrls = new Set(live.map((row) => row.url));
    const deadUrls = new Set(dead.map((row) => row.url));

    const started = await app.agent.request('GET', `/action/start/project/${world.projectId}`);
    expect(started.statusCode, started.body).toBe(200);
    const done = await until('the project to finish', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
      return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
    });
    expect(done, done.last_error).toEqual({ status: 'COMPLETED', last_error: '[]' });

    const posts = await db().selectFrom('engine_posts').selectAll().where('project_id', '=', world.projectId).where('state', '=', 'published').execute();
    expect(posts).toHaveLength(2);
    const placedPerPost: string[][] = [];
    for (const post of posts) {
      const placed = await db().selectFrom('engine_post_links').select(['url', 'anchor']).where('post_id', '=', post.id).execute();
      expect(placed).toHaveLength(3);
      const page = await fetch(post.remote_url!);
      expect(page.status).toBe(200);
      const anchors = pageAnchors(await page.text());
      for (const link of placed) {
        expect(liveUrls.has(link.url), link.url).toBe(true);
        expect(deadUrls.has(link.url), link.url).toBe(false);
        expect(anchors.some((anchor) => anchor.href === link.url), `${link.url} on ${post.remote_url}`).toBe(true);
      }
      placedPerPost.push(placed.map((link) => link.url).sort());
    }
    expect(placedPerPost[0]).not.toEqual(placedPerPost[1]);
  });
});
