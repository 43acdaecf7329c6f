import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { buildPublishedPost } from '../packages/server/test/support/engine-check-factories';
import { buildPrivateProjectWorld, pageAnchors, type PrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { standInLogin, startWordPressStandIn, type WordPressStandIn } from '../packages/server/test/support/wordpress-stand-in';
import { callAs, clickSettled } from './support/app';
import { saveScreenshot } from './support/browser';
import { seedAsUser, withServerDatabase } from './support/server-database';
import { useSignedInSuite } from './support/suite';

/**
 * Issue 36 item 3 in the browser: tier 1 is three published posts (checked live); tier 2 is a
 * private project that really publishes to a local WordPress stand-in, linking one of them. That
 * tier-1 page is then found dead. The campaign's tier-health line says a post is at risk and opens
 * Dead pages: the dead page with 1 post at risk and 2 live pages left. Re-point asks first, then the
 * engine edits the tier-2 post on the blog so its link goes to a live tier-1 page, and the list says
 * nothing is at risk any more.
 */
const USER = { username: 'dead-pages@example.com', password: 'dead pages e2e walk' };

interface Seeded {
  world: PrivateProjectWorld;
  tier1: Array<{ urlItemId: number; url: string }>;
}

describe('dead pages: re-point the posts at risk', () => {
  let blog: WordPressStandIn | undefined;
  let seeded: Seeded | undefined;
  beforeAll(async () => {
    blog = await startWordPressStandIn();
  });
  afterAll(async () => {
    await blog?.close();
  });
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      seeded = await seedAsUser(server, USER.username, async (db, ownerId) => {
        await saveOptions(db, ownerId, { maxNumberOfRetries: 0, timeToWaitBeforeRetry: 1 });
        const first = await buildPublishedPost(db, { ownerId, remoteUrl: 'https://tier-one.example.test/first-post/', links: [] });
        const tier1 = [{ urlItemId: first.urlItemId, url: 'https://tier-one.example.test/first-post/' }];
        for (const name of ['second-post', 'third-post']) {
          const url = `https://tier-one.example.test/${name}/`;
          const post = await buildPublishedPost(db, { ownerId, campaignId: first.campaignId, outputLinkSetId: first.outputLinkSetId, remoteUrl: url, links: [] });
          tier1.push({ urlItemId: post.urlItemId, url });
        }
        // Checked live: tier 2 links to upper-tier posts verified alive.
        const now = Date.now();
        await db.updateTable('url_items').set({ check_status: 'OK', checked_at: now, next_check_at: now + 86_400_000 }).where('id', 'in', tier1.map((item) => item.urlItemId)).execute();
        const world = await buildPrivateProjectWorld(db, ownerId, [standInLogin(blog!)], { campaignId: first.campaignId, linksPerPost: 1 });
        const form = { ...world.form, linkSetProfiles: [{ linkSetId: first.outputLinkSetId, name: 'Tier 1', minLinks: 1, maxLinks: 1, linkProb: 100 }] };
        await db.updateTable('projects').set({ settings: JSON.stringify(form) }).where('id', '=', world.projectId).execute();
        return { world, tier1 };
      });
    },
  });

  test('the dead page lists the post at risk; Re-point edits it on its blog and nothing is at risk after', async (ctx) => {
    const { world, tier1 } = seeded!;
    const { page, pageErrors } = await suite.signedInPage(ctx, `/campaign/${world.campaignId}`);
    const { baseUrl } = suite.server;
    await callAs(page, baseUrl, 'GET', `/action/start/project/${world.projectId}`);
    await expect.poll(() => blog!.posts.length, { timeout: 30_000 }).toBe(1);
    const linked = () => pageAnchors(blog!.posts[0]!.content).map((anchor) => anchor.href).filter((href) => href.startsWith('https://tier-one.'));
    const [target] = linked();
    const dead = tier1.find((item) => item.url === target)!;
    expect(dead).toBeDefined();
    // The tier-1 page is found dead (two dead checks in a row, as tier health wants).
    await withServerDatabase(suite.server, (db) => db.updateTable('url_items')
      .set({ check_status: 'MISSING', dead_since: Date.now(), dead_reason: 'GONE' }).where('id', '=', dead.urlItemId).execute());

    await page.reload();
    const line = page.getByTestId('dropped-targets');
    await line.waitFor({ timeout: 15_000 });
    expect(await line.textContent()).toContain('1 lower-tier post points to a dead page (at risk)');
    await clickSettled(page.getByTestId('dead-pages-open'));
    const drawer = page.getByTestId('dead-pages-drawer');
    await drawer.getByText(dead.url).waitFor({ timeout: 15_000 });
    const repoint = page.getByTestId(`repoint-${dead.urlItemId}`);
    expect(await repoint.textContent()).toBe('Re-point 1 post');
    await saveScreenshot(page, 'dead-pages-drawer');

    await clickSettled(repoint);
    expect(await page.getByTestId('repoint-confirm-text').textContent()).toContain('Edit the post that links to this dead page so it links to another live tier-1 page instead?');
    await clickSettled(page.getByTestId('repoint-confirm-ok'));
    await page.getByText('1 post will be edited on its site to link to a live page instead').first().waitFor({ timeout: 15_000 });
    // The engine edits the post on the blog: its link now goes to a live tier-1 page.
    await expect.poll(() => blog!.updateRequests, { timeout: 30_000 }).toBe(1);
    const now = linked();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(dead.url);
    expect(tier1.map((item) => item.url)).toContain(now[0]);
    // The list follows: nothing is at risk, so Re-point is off and says why.
    await expect.poll(async () => (await page.getByTestId(`repoint-${dead.urlItemId}`).isDisabled()), { timeout: 15_000 }).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
