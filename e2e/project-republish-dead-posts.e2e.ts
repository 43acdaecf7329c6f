import { describe, expect, test } from 'vitest';
import { seedAsUser } from './support/server-database';
import { buildPrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { useSignedInSuite } from './support/suite';

/**
 * The General tab's "Re-publish dead posts once" (issue 18.2: optionally, a project setting, a dead
 * post on the user's own site is re-published once): off for a project saved before the field
 * existed, turned on, saved and read back.
 */
const USER = { username: 'republish-dead@example.com', password: 'republish dead posts e2e' };

describe('project General tab: Re-publish dead posts once', () => {
  const suite = useSignedInSuite(USER);

  test('off by default; on is saved and shown again', async (ctx) => {
    const world = await seedAsUser(suite.server, USER.username, (db, ownerId) => buildPrivateProjectWorld(db, ownerId, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }]));
    const route = `/privateproject/${world.projectId}`;
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const republish = page.getByTestId('project-republish-dead-posts');
    await republish.waitFor();
    expect(await republish.isChecked()).toBe(false);
    expect(await republish.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await republish.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Project saved').waitFor();
    const stored = await seedAsUser(suite.server, USER.username, async (db) => (await db.selectFrom('projects').select('settings').where('id', '=', world.projectId).executeTakeFirstOrThrow()).settings);
    expect(JSON.parse(stored)).toMatchObject({ republishDeadPosts: true });

    await page.reload();
    await republish.waitFor();
    expect(await republish.isChecked()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
