import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectScreenPath } from '@linkloom/shared';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { buildPrivateProjectWorld, type PrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { standInLogin, startWordPressStandIn, type WordPressStandIn } from '../packages/server/test/support/wordpress-stand-in';
import { callAs, clickSettled, visit } from './support/app';
import { saveScreenshot } from './support/browser';
import { seedAsUser, withServerDatabase } from './support/server-database';
import { useSignedInSuite } from './support/suite';

/**
 * Issue 36 in the browser: a post the engine published is deleted on its blog (a local stand-in
 * that follows WordPress's REST API). The user presses Check now on the link set — twice, as the
 * dead rule wants two dead checks in a row — sees the progress and the result, and the bell in the
 * header lights up live with the lost link, naming the site and what to do; marking it read clears
 * the count. Check now on the project screen checks the project's links too.
 */
const USER = { username: 'lost-links@example.com', password: 'lost links e2e walk' };

describe('lost links: check now and the alerts bell', () => {
  let blog: WordPressStandIn | undefined;
  let world: PrivateProjectWorld | undefined;
  beforeAll(async () => {
    blog = await startWordPressStandIn();
  });
  afterAll(async () => {
    await blog?.close();
  });
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      world = await seedAsUser(server, USER.username, async (db, ownerId) => {
        await saveOptions(db, ownerId, { maxNumberOfRetries: 0, timeToWaitBeforeRetry: 1 });
        return buildPrivateProjectWorld(db, ownerId, [standInLogin(blog!)]);
      });
    },
  });

  test('a deleted post: Check now twice on its link set makes it dead, the bell says so live; Check now on the project', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, `/url_list/${world!.outputLinkSetId}`);
    const { baseUrl } = suite.server;
    // The project publishes its post and the first check finds the link.
    await callAs(page, baseUrl, 'GET', `/action/start/project/${world!.projectId}`);
    const checkOf = () => withServerDatabase(suite.server, (db) => db.selectFrom('url_items').select(['check_status', 'dead_since'])
      .where('url_list_id', '=', world!.outputLinkSetId).executeTakeFirst());
    await expect.poll(async () => (await checkOf())?.check_status, { timeout: 30_000 }).toBe('OK');
    await page.reload();
    const bell = page.getByTestId('alerts-bell');
    await bell.waitFor();
    // The bell's count: shown only while something is unread.
    const unread = async () => ((await page.getByTestId('alerts-count').count()) === 0 ? '0' : page.getByTestId('alerts-count').getAttribute('data-count'));
    expect(await unread()).toBe('0');

    blog!.deletePost(blog!.posts[0]!.id);
    const checkAll = page.getByTestId('check-now-link-set');
    await checkAll.click();
    await page.getByText(/^1 link checked/).first().waitFor({ timeout: 30_000 });
    expect((await checkOf())?.dead_since).toBeNull();
    // The second dead check in a row makes it dead; the bell hears it without a reload.
    await checkAll.click();
    await expect.poll(unread, { timeout: 30_000 }).toBe('1');
    expect((await checkOf())?.dead_since).not.toBeNull();

    await bell.click();
    const item = page.getByTestId('alert-item').first();
    await item.waitFor();
    expect(await item.getAttribute('data-kind')).toBe('link_dead');
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(new URL(blog!.url).host);
    await saveScreenshot(page, 'lost-link-alert');
    await clickSettled(page.getByTestId('alerts-mark-all-read'));
    // The mark and the count read again after it take their time on a loaded machine.
    await expect.poll(unread, { timeout: 15_000 }).toBe('0');
    await page.keyboard.press('Escape');

    // Check now from the project screen checks the same link again.
    await visit(page, baseUrl, projectScreenPath('Private', world!.projectId));
    await page.getByTestId('check-now-project').click();
    await page.getByText(/^1 link checked/).first().waitFor({ timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
