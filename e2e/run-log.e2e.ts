import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RUN_LOG_MESSAGES, projectScreenPath } from '@linkloom/shared';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { buildPrivateProjectWorld, type PrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { freePort } from '../packages/server/test/support/server-process';
import { startWordPressStandIn, type WordPressStandIn } from '../packages/server/test/support/wordpress-stand-in';
import { callAs } from './support/app';
import { saveScreenshot } from './support/browser';
import { projectStatus } from './support/projects';
import { seedAsUser } from './support/server-database';
import { useSignedInSuite } from './support/suite';

/**
 * Issue 35 in the browser: the run log replaces guessing from View Error. A user starts a private
 * blog project on two blogs — one takes the post (a local stand-in that follows WordPress's REST
 * API), one never answers — opens the Run log while it runs and watches the lines come live: the
 * attempts, the retry, the give-up with our summary of why, and the published post with a link to
 * it; the Log of one site in the Sites tab shows that site's lines only. Then, from the campaign's
 * Projects tab, a scheduled project is run now and keeps its schedule.
 */
const USER = { username: 'run-log@example.com', password: 'run log e2e walk' };
const LATER = '24/12/2030 18:30';

describe('the run log and Run now from the campaign', () => {
  let blog: WordPressStandIn | undefined;
  let world: PrivateProjectWorld | undefined;
  let scheduledId = 0;
  let deadUrl = '';
  beforeAll(async () => {
    blog = await startWordPressStandIn();
  });
  afterAll(async () => {
    await blog?.close();
  });
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      deadUrl = `http://127.0.0.1:${await freePort()}`;
      const login = (url: string) => ({ url, username: 'admin', password: 'app password' });
      ({ world, scheduledId } = await seedAsUser(server, USER.username, async (db, ownerId) => {
        await saveOptions(db, ownerId, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 4 });
        const logged = await buildPrivateProjectWorld(db, ownerId, [login(blog!.url), login(deadUrl)]);
        const scheduled = await buildPrivateProjectWorld(db, ownerId, [login(blog!.url)], { campaignId: logged.campaignId });
        return { world: logged, scheduledId: scheduled.projectId };
      }));
    },
  });

  test('Start, open the Run log: lines come live, the post is linked, a site\'s Log shows its lines only', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, projectScreenPath('Private', world!.projectId));
    await projectStatus(page).waitFor();
    await page.getByTestId('run-log-button').click();
    const drawer = page.getByTestId('run-log-drawer');
    await drawer.getByTestId('run-log-empty').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByTestId('start-stop').click();
    await expect.poll(() => projectStatus(page).getAttribute('data-status'), { timeout: 20_000 }).toBe('RUNNING');
    await page.getByTestId('run-log-button').click();
    // The dead blog is retried 4 s later: its retry and give-up arrive while the drawer is open.
    await drawer.locator('[data-testid="run-log-line"][data-kind="published"]').waitFor({ timeout: 20_000 });
    await drawer.locator('[data-testid="run-log-line"][data-kind="failed"]').waitFor({ timeout: 30_000 });
    const post = blog!.posts[0]!;
    const link = drawer.getByTestId('run-log-open-post');
    expect(await link.getAttribute('href')).toBe(post.link);
    expect(await link.getAttribute('target')).toBe('_blank');
    // The post the link names is on the blog.
    expect((await fetch(post.link)).status).toBe(200);
    const kinds = await drawer.getByTestId('run-log-line').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-kind')));
    // Newest first: the give-up on top; two attempts on the dead blog, one on the good one.
    expect(kinds[0]).toBe('failed');
    expect(kinds.filter((kind) => kind === 'sent')).toHaveLength(3);
    expect(kinds.filter((kind) => kind === 'retry')).toHaveLength(1);
    await drawer.getByText(RUN_LOG_MESSAGES.sent(post.title, 1, 2)).waitFor();
    await drawer.getByText(/Gave up: .*connection refused/).waitFor();
    await saveScreenshot(page, 'run-log-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => projectStatus(page).getAttribute('data-status'), { timeout: 20_000 }).toBe('FAILED');

    // One site's log, from its row in the Sites tab.
    await page.getByRole('tab', { name: 'Sites', exact: true }).click();
    const deadKey = world!.sites[1]!.key;
    await page.locator(`[data-testid="site-row"][data-key="${deadKey}"]`).getByTestId('site-run-log').click();
    await drawer.getByText(new RegExp(`^Run log — (http://)?${deadUrl.replace(/^http:\/\//, '').replace(/\./g, '\\.')}/?$`)).waitFor();
    await expect.poll(() => drawer.getByTestId('run-log-line').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-kind'))), { timeout: 15_000 })
      .toEqual(['failed', 'sent', 'retry', 'sent']);
    expect(await drawer.getByTestId('run-log-open-post').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  test('Run now from the campaign\'s Projects tab starts a scheduled project at once and keeps its schedule', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, `/campaign/${world!.campaignId}`);
    const saved = await callAs(page, suite.server.baseUrl, 'POST', `/rest/schedule/${scheduledId}`, {
      status: 'SCHEDULED', schedule: { scheduleType: 'FixedDate', startDate: LATER, durationType: 'Once', numberOfPosts: 1 },
    });
    expect(saved).toMatchObject({ status: 'SCHEDULED' });
    await page.reload();
    const button = page.getByTestId(`run-now-project-${scheduledId}`);
    await button.waitFor();
    // Only the scheduled row has it.
    expect(await page.getByTestId(`run-now-project-${world!.projectId}`).count()).toBe(0);
    const before = blog!.posts.length;
    await button.click();
    await page.getByText(/runs now: its schedule stays/).waitFor();
    await expect.poll(() => blog!.posts.length, { timeout: 30_000 }).toBe(before + 1);
    await button.waitFor({ state: 'detached' });
    const row = await callAs(page, suite.server.baseUrl, 'GET', `/rest/project/${scheduledId}/outlook`) as { status: string };
    expect(['RUNNING', 'COMPLETED']).toContain(row.status);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
