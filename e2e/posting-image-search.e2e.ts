import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { projectScreenPath } from '@linkloom/shared';
import { CONTENT_SERVICES_OVERRIDE_ENV } from '../packages/server/src/engine/content-services/content-http';
import { startContentServicesStandIn, type ContentServicesStandIn } from '../packages/server/test/support/content-services-stand-in';
import { buildPrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers } from '../packages/server/test/support/wordpress-peers';
import { saveScreenshot } from './support/browser';
import { chooseByLabel, projectStatus } from './support/projects';
import { seedAsUser } from './support/server-database';
import { useSignedInSuite } from './support/suite';

/**
 * Issue 16.7 in the browser: a user turns image search on in a private blog project's Image tab,
 * saves, starts the project, watches it finish live, and reads the post on their real WordPress
 * blog (Debian's WordPress, scripts/peers) with the found images and the credit lines their
 * licences ask for. The images come from the local stand-in that follows Openverse's documented
 * search: the server is pointed at it with CONTENT_SERVICES_BASE_URL_OVERRIDE, the same
 * configuration path the API and integration tests use (no internet). Skipped, with the reason,
 * where WordPress peers cannot run.
 */
const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const USER = { username: 'image-search@example.com', password: 'image search e2e walk' };
const KEYWORDS = 'garden compost';

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
}

describe.skipIf(!availability.available)(`a posting run with image search, in the browser${skipReason}`, () => {
  let peers: WordPressPeers | undefined;
  let standIn: ContentServicesStandIn | undefined;
  let projectId = 0;
  /** Filled before the suite's server starts (its hooks run after these). */
  const env: Record<string, string> = {};
  beforeAll(async () => {
    standIn = await startContentServicesStandIn();
    env[CONTENT_SERVICES_OVERRIDE_ENV] = standIn.url;
    peers = await startWordPressPeers(1);
  }, 240_000);
  afterAll(async () => {
    await peers?.stop();
    await standIn?.close();
  });
  const suite = useSignedInSuite(USER, {
    env,
    seed: async (server) => {
      const site = peers!.sites[0]!;
      // A private blog project on the user's blog, as a save leaves it: images off (the user turns them on).
      const world = await seedAsUser(server, USER.username, (db, ownerId) =>
        buildPrivateProjectWorld(db, ownerId, [{ url: site.url, username: site.username, password: site.applicationPassword }]));
      projectId = world.projectId;
    },
  });

  test('turn image search on, save, start, watch the run finish live, and see the found images with their credits on the blog post', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, projectScreenPath('Private', projectId));
    await projectStatus(page).waitFor();
    expect(await projectStatus(page).getAttribute('data-status')).toBe('NEW');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await tab(page, 'Image');
    await page.getByLabel('Insert images', { exact: true }).check();
    // Searching is on by default once images are.
    expect(await page.getByLabel('Search for images', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Image keywords', { exact: true }).fill(KEYWORDS);
    await page.getByLabel('Min images', { exact: true }).fill('2');
    await page.getByLabel('Max images', { exact: true }).fill('2');
    await chooseByLabel(page, 'Image position', 'Top');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Project saved').waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();

    // Start, and the status changes live to Completed (no reload).
    await page.getByTestId('start-stop').click();
    await expect.poll(() => projectStatus(page).getAttribute('data-status'), { timeout: 120_000, interval: 250 }).toBe('COMPLETED');
    await saveScreenshot(page, 'posting-image-search-completed');
    expect(standIn!.requests.some((request) => request.path === '/api.openverse.org/v1/images/' && request.fields.q === KEYWORDS)).toBe(true);

    // The post as a visitor reads it on the blog: two of the found images, each CC BY one credited.
    const blogUrl = peers!.sites[0]!.url;
    const listed = await fetch(`${blogUrl}/wp-json/wp/v2/posts?per_page=100`);
    expect(listed.status).toBe(200);
    const posts = ((await listed.json()) as { link: string; slug: string }[]).filter((post) => post.slug !== 'hello-world');
    expect(posts).toHaveLength(1);
    await page.goto(posts[0]!.link);
    const imagePrefix = `${standIn!.url}/images/${encodeURIComponent(KEYWORDS)}-`;
    const images = page.locator(`img[src^="${imagePrefix}"]`);
    await images.first().waitFor({ state: 'attached' });
    const sources = await images.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src') ?? ''));
    const chosen = [...new Set(sources.map((src) => Number(/-(\d)\.jpg$/.exec(src)?.[1])))];
    expect(chosen).toHaveLength(2);
    // The stand-in's first image is CC0 (no credit asked); the others are CC BY 2.0.
    for (const n of chosen.filter((image) => image !== 1)) {
      await page.locator('figcaption', { hasText: `"${KEYWORDS} ${n}" by Photographer ${n} is licensed under CC BY 2.0.` }).first().waitFor({ state: 'attached' });
    }
    await saveScreenshot(page, 'posting-image-search-post');
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
