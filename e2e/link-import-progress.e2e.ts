import { describe, expect, test } from 'vitest';
import { useSignedInSuite } from './support/suite';
import { seedLinkSet, shownUrls } from './support/link-sets';

/** Issue 9.2: a long link file import shows its progress on the set's screen, losing nothing typed meanwhile. */
const USER = { username: 'import-progress@example.com', password: 'import progress e2e password' };
const LINES = 150_000;

let route: string;

describe('link file import progress', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      const seeded = await seedLinkSet(server, USER.username, { linkSetName: 'Big import', links: [] });
      route = `/url_list/${seeded.linkSetId}`;
    },
  });

  test('a bar shows how far the import is, then the links; a keyword typed meanwhile is still there', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await page.getByRole('heading', { name: 'Link set: Big import' }).waitFor();
    // Something typed and not saved yet, in the other tab of the screen.
    await page.getByRole('tab', { name: 'Keywords' }).click();
    await page.getByTestId('keywords-primary').fill('typed during the import');
    await page.getByRole('tab', { name: 'Links' }).click();

    const file = `${Array.from({ length: LINES }, (_, i) => `https://big.test/articles/${i}|x|Anchor ${i}`).join('\n')}\n`;
    await page.locator('[data-testid="upload-links-input"] input[type=file], input[type=file][data-testid="upload-links-input"]')
      .setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    const progress = page.getByTestId('link-import-progress');
    await progress.getByText(/^Importing links: [\d,]+ added so far$/).waitFor({ timeout: 30_000 });
    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    await page.locator('.ant-message').getByText(`added links: ${LINES} links`, { exact: true }).waitFor();
    await expect.poll(() => shownUrls(page)).toContain('https://big.test/articles/0');

    await page.getByRole('tab', { name: 'Keywords' }).click();
    expect(await page.getByTestId('keywords-primary').inputValue()).toBe('typed during the import');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
