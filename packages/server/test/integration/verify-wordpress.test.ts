/**
 * Backlink verification (post.verify) against a real WordPress blog (Debian's WordPress, started
 * by scripts/peers): posts published with the WordPress connector are fetched from their public
 * URL and their links checked — a followed link is OK (anchor read through WordPress's typography),
 * a rel="nofollow" one NOFOLLOW, and once the link is edited out of the post, MISSING.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishTarget } from '../../src/engine/connectors/connector';
import { slugOfTitle } from '../../src/engine/connectors/wordpress/slug';
import { createWordPressConnector, type WordPressConnector } from '../../src/engine/connectors/wordpress/wordpress-connector';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildPublishedPost, type PublishedPostFixture } from '../support/engine-check-factories';
import { buildUser } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

describe.skipIf(!availability.available)(`backlink verification on a real WordPress blog${skipReason}`, () => {
  let peers: WordPressPeers;
  let blog: WordPressPeerSite;
  let connector: WordPressConnector;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;

  beforeAll(async () => {
    peers = await startWordPressPeers(1);
    blog = peers.sites[0]!;
    connector = createWordPressConnector();
    handle = await createTestDatabase('sqlite');
    server = await startTestApp(handle);
    ownerId = (await buildUser(server.database.db)).id;
  });

  afterAll(async () => {
    await server?.close();
    await handle?.drop();
    await peers?.stop();
  });

  const target = (): PublishTarget => ({ siteUrl: blog.url, username: blog.username, password: blog.applicationPassword });
  const landing = (name: string) => `https://shop-${randomBytes(3).toString('hex')}.example.test/${name}`;

  /** Publishes through the connector and records the post as post.publish would. */
  async function publish(html: string, links: { url: string; anchor: string }[]): Promise<PublishedPostFixture & { remoteId: string; remoteUrl: string }> {
    const key = `verify-${randomBytes(6).toString('hex')}`;
    const title = `Seed notes ${key}`;
    const result = await connector.publish(target(), { title, html, tags: ['seeds'], intent: { title, name: slugOfTitle(title), at: Date.now() } }, { timeoutMs: 20_000 });
    const post = await buildPublishedPost(server.database.db, { ownerId, remoteUrl: result.url, links });
    return { ...post, remoteId: result.remoteId, remoteUrl: result.url };
  }

  async function verified(post: PublishedPostFixture) {
    await verifyPost(server.context, { payload: { ownerId, postId: post.postId }, signal: new AbortController().signal });
    return server.database.db.selectFrom('url_items').select(['check_status', 'check_info', 'checked_at']).where('id', '=', post.urlItemId).executeTakeFirstOrThrow();
  }

  it('finds a followed link with its anchor (WordPress typography and all): OK', async () => {
    const url = landing('heirloom');
    const anchor = "Don't miss -- the heirloom seeds...";
    const post = await publish(`<p>Spring is near.</p><p><a href="${url}">${anchor}</a> for this year.</p>`, [{ url, anchor }]);
    const page = await (await fetch(post.remoteUrl)).text();
    // WordPress rewrote the anchor's quotes, dashes and dots on output; the check still reads it as written.
    expect(page).toContain('Don&#8217;t miss &#8212; the heirloom seeds&#8230;');
    const check = await verified(post);
    expect(check).toMatchObject({ check_status: 'OK', check_info: `${url}: dofollow, anchor "Don’t miss — the heirloom seeds…"` });
    expect(Number(check.checked_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reports a rel="nofollow" link as NOFOLLOW', async () => {
    const url = landing('compost');
    const post = await publish(`<p>Read <a rel="nofollow" href="${url}">compost guide</a> first.</p>`, [{ url, anchor: 'compost guide' }]);
    expect(await verified(post)).toMatchObject({ check_status: 'NOFOLLOW', check_info: `${url}: rel="nofollow", anchor "compost guide"` });
  });

  it('reports the link MISSING once it is edited out of the post', async () => {
    const url = landing('mulch');
    const post = await publish(`<p>Buy <a href="${url}">straw mulch</a> in bulk.</p>`, [{ url, anchor: 'straw mulch' }]);
    expect((await verified(post)).check_status).toBe('OK');
    const auth = `Basic ${Buffer.from(`${blog.username}:${blog.applicationPassword}`).toString('base64')}`;
    const edited = await fetch(`${blog.url}/wp-json/wp/v2/posts/${post.remoteId}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '<p>Buy straw mulch in bulk.</p>' }),
    });
    expect(edited.status).toBe(200);
    expect(await verified(post)).toMatchObject({ check_status: 'MISSING', check_info: `${url}: not found on the page` });
  });
});
