import { describe, expect, test } from 'vitest';
import { useSignedInSuite } from './support/suite';
import { accountRow, seedProfile, shownSites } from './support/accounts';
import { seedAsUser } from './support/server-database';

/** The account grid shows which accounts Verify mail confirmed (issue 14.4): a Verified tag with the moment, or Not verified. */
const USER = { username: 'verified@example.com', password: 'verified e2e password' };
const CONFIRMED_AT = Date.UTC(2026, 10, 2, 9, 30);

let route: string;

describe('account grid: verified state', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      const { profileId } = await seedProfile(server, USER.username, {
        campaignName: 'Mail', profileName: 'Registered',
        accounts: [
          { siteName: 'wiki.test', email: 'ann@mail.test', username: 'Ann', password: 'pw-a' },
          { siteName: 'blog.test', email: 'ann@mail.test', username: 'ann', password: 'pw-b' },
        ],
      });
      // Verify mail followed the wiki's confirmation link (engine/verify-mail records this).
      await seedAsUser(server, USER.username, async (db) => {
        await db.updateTable('accounts').set({ verified_at: CONFIRMED_AT }).where('profile_id', '=', profileId).where('site_name', '=', 'wiki.test').execute();
      });
      route = `/accounts/${profileId}`;
    },
  });

  test('a Verified column: the confirmed account tagged with when, the other not verified', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await expect.poll(() => shownSites(page)).toEqual(['blog.test', 'wiki.test']);
    expect(await page.getByTestId('accounts-table').locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['Verified']));
    const wiki = accountRow(page, 'wiki.test');
    expect(await wiki.getByTestId('status-tag').textContent()).toBe('Verified');
    expect(await wiki.getByTestId('account-verified').getAttribute('title')).toMatch(/^Confirmed .*2026/);
    expect(await accountRow(page, 'blog.test').getByTestId('status-tag').textContent()).toBe('Not verified');
    expect(await accountRow(page, 'blog.test').getByTestId('account-verified').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
