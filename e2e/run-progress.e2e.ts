import { describe, expect, test } from 'vitest';
import { projectScreenPath } from '@linkloom/shared';
import { saveOptions } from '../packages/server/src/features/options/options.repository';
import { buildPrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { freePort } from '../packages/server/test/support/server-process';
import { useSignedInSuite } from './support/suite';
import { seedAsUser } from './support/server-database';
import { saveScreenshot } from './support/browser';
import { projectStatus } from './support/projects';

/**
 * A new user starts a project whose blog does not answer (issue 11.4): the status line says what
 * the run is doing as it happens (the attempt, then the retry counting down) instead of "0 of 1
 * posts" for the whole wait, and the status reads as words.
 */
const USER = { username: 'runner@example.com', password: 'run progress e2e' };

let route: string;

describe('a running project tells its progress', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      // Nothing listens on this port: every attempt fails at once with "connection refused".
      const blog = { url: `http://127.0.0.1:${await freePort()}`, username: 'admin', password: 'app password' };
      const world = await seedAsUser(server, USER.username, async (db, ownerId) => {
        await saveOptions(db, ownerId, { maxNumberOfRetries: 2, timeToWaitBeforeRetry: 30 });
        return buildPrivateProjectWorld(db, ownerId, [blog]);
      });
      route = projectScreenPath('Private', world.projectId);
    },
  });

  test('Start: the status line shows the attempt, then "retry 1 of 2 in … s" counting down; Stop ends it', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await projectStatus(page).waitFor();
    expect(await projectStatus(page).textContent()).toBe('New');
    await page.getByTestId('start-stop').click();

    const progress = page.getByTestId('run-progress');
    await progress.getByText(/^127\.0\.0\.1:\d+: retry 1 of 2 in \d+ s$/).waitFor({ timeout: 20_000 });
    expect(await projectStatus(page).textContent()).toBe('Running');
    const first = Number(/in (\d+) s$/.exec((await progress.textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(20);
    // The wait counts down on its own, with no new message from the server.
    await expect.poll(async () => Number(/in (\d+) s$/.exec((await progress.textContent()) ?? '')?.[1]), { timeout: 5_000 }).toBeLessThan(first);
    await saveScreenshot(page, 'run-progress-retry');

    await page.getByTestId('start-stop').click();
    await expect.poll(() => projectStatus(page).getAttribute('data-status'), { timeout: 20_000 }).toBe('STOPPED');
    await progress.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
