import { describe, expect, test } from 'vitest';
import { seedAsUser } from './support/server-database';
import { buildPrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { useSignedInSuite } from './support/suite';

/**
 * The General tab's "Spin articles" (issue 16: the engine spins posts only when the project asks):
 * on for a project saved before the field existed, turned off, saved and read back.
 */
const USER = { username: 'spin-articles@example.com', password: 'spin articles e2e' };

describe('project General tab: Spin articles', () => {
  const suite = useSignedInSuite(USER);

  test('on by default; off is saved and shown again', async (ctx) => {
    const world = await seedAsUser(suite.server, USER.username, (db, ownerId) => buildPrivateProjectWorld(db, ownerId, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }]));
    const route = `/privateproject/${world.projectId}`;
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const spin = page.getByTestId('project-spin-articles');
    await spin.waitFor();
    expect(await spin.isChecked()).toBe(true);
    expect(await spin.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await spin.uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Project saved').waitFor();
    const stored = await seedAsUser(suite.server, USER.username, async (db) => (await db.selectFrom('projects').select('settings').where('id', '=', world.projectId).executeTakeFirstOrThrow()).settings);
    expect(JSON.parse(stored)).toMatchObject({ spinArticles: false });

    await page.reload();
    await spin.waitFor();
    expect(await spin.isChecked()).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});
