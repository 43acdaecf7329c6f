import { describe, expect, test } from 'vitest';
import { CONTENT_MESSAGES, UPLOAD_MESSAGES } from '@linkloom/shared';
import { clickSettled, confirmDelete, visit, waitForRoute } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { rowNamed, textFile, uploadArticles } from './support/content';
import { zipOf } from '../packages/server/test/support/content-fixtures';

/** Content groups and articles, walked by one user in two browser windows (live updates). */
const USER = { username: 'writer@example.com', password: 'content writer password' };

describe('content groups and articles', () => {
  const suite = useSignedInSuite(USER);

  test('create, rename, settings, uploads, article editing with preview, live in a second window', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx);
    const other = await suite.signedInPage(ctx);
    await visit(page, suite.server.baseUrl, '/content-groups');
    await visit(other.page, suite.server.baseUrl, '/content-groups');
    await page.getByRole('heading', { name: 'Content Groups' }).waitFor();
    await other.page.getByTestId('content-groups-table').waitFor();

    // Add: the name is required with the spec's message; the second window sees the new group.
    await page.getByTestId('add-content-group').click();
    await clickSettled(page.getByTestId('add-group-dialog-ok'));
    await page.getByText(CONTENT_MESSAGES.groupNameRequired).waitFor();
    await page.getByTestId('add-group-dialog-name').fill('Garden tips');
    await clickSettled(page.getByTestId('add-group-dialog-ok'));
    await rowNamed(page, 'content-groups-table', 'Garden tips').waitFor();
    await rowNamed(other.page, 'content-groups-table', 'Garden tips').waitFor();

    // Rename through the row's action; live in the other window too.
    await rowNamed(page, 'content-groups-table', 'Garden tips').getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('rename-group-dialog-name').fill('Gardening');
    await clickSettled(page.getByTestId('rename-group-dialog-ok'));
    await rowNamed(other.page, 'content-groups-table', 'Gardening').waitFor();

    // Open the group in both windows.
    await page.getByRole('link', { name: 'Gardening', exact: true }).click();
    await page.getByTestId('content-group-page').waitFor();
    const groupRoute = new URL(page.url()).hash.slice(1);
    const groupId = Number(groupRoute.split('/').pop());
    await visit(other.page, suite.server.baseUrl, groupRoute);
    await other.page.getByTestId('articles-table').waitFor();

    // Settings: a bad value shows the spec's message and is not saved; a good one saves itself.
    const maxUsage = page.getByTestId('max-usage-per-article');
    await maxUsage.fill('');
    await page.getByText(CONTENT_MESSAGES.maxUsage).waitFor();
    await page.getByTestId('settings-save-state').getByText('Not saved: correct the fields above').waitFor();
    await maxUsage.fill('3');
    await page.getByTestId('words-not-to-be-changed').fill('rose, tulip');
    await page.locator('[data-testid="settings-save-state"][data-state="saved"]').getByText(/Saved at \d/).waitFor();
    await expect.poll(() => other.page.getByTestId('max-usage-per-article').inputValue()).toBe('3');

    // Uploads: several files and a ZIP (title = first line), then one with the title from the name.
    await uploadArticles(page, 'firstLine', [
      textFile('roses.txt', 'Growing roses\nRoses like sun.'),
      textFile('tulips.txt', 'Planting tulips\nPlant them in autumn.'),
      { name: 'more.zip', mimeType: 'application/zip', buffer: await zipOf({ 'a.txt': 'Compost basics\nGreen and brown.', 'b.txt': 'Watering\nEarly morning.' }) },
    ]);
    await uploadArticles(page, 'fileName', [textFile('Pruning guide.txt', 'Cut above a bud.')]);
    for (const title of ['Growing roses', 'Planting tulips', 'Compost basics', 'Watering', 'Pruning guide']) {
      await rowNamed(other.page, 'articles-table', title).waitFor();
    }

    // A binary file is refused and says so.
    await page.getByTestId('upload-articles').click();
    await page.getByTestId('upload-firstLine').locator('input[type=file]').setInputFiles([
      { name: 'photo.txt', mimeType: 'text/plain', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]) },
    ]);
    await page.getByText(UPLOAD_MESSAGES.failed('photo.txt'), { exact: true }).waitFor();
    await page.getByText('photo.txt is not a text file', { exact: false }).first().waitFor();
    await page.getByTestId('article-upload-dialog-summary').getByText('No files uploaded, 1 file failed', { exact: true }).waitFor();
    await page.getByTestId('article-upload-dialog-done').click();

    // Uploaded articles lack the author the article form requires: the list says so, and one author completes them all.
    const missingAuthors = page.getByTestId('articles-missing-author');
    await missingAuthors.getByText(/^5 articles have no author name or bio$/).waitFor();
    await missingAuthors.getByTestId('fill-missing-authors').click();
    await page.getByTestId('article-author-name').focus();
    await page.getByTestId('article-author-bio').focus(); // leaving the name empty says so at once
    await page.getByTestId('article-author-dialog').getByText(CONTENT_MESSAGES.authorNameRequired).waitFor();
    await page.getByTestId('article-author-name').fill('Ann Gardener');
    await page.getByTestId('article-author-bio').fill('Writes about gardens');
    await page.getByTestId('article-author-dialog-ok').click();
    await page.locator('.ant-message').getByText('Author set on 5 articles', { exact: true }).waitFor();
    await missingAuthors.waitFor({ state: 'detached' });
    await saveScreenshot(page, 'content-group-screen');

    // The editor: Save only after a change; the preview shows the body without anything that runs.
    await page.getByRole('link', { name: 'Growing roses', exact: true }).click();
    await page.getByTestId('article-page').waitFor();
    const save = page.getByTestId('article-save');
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('article-body').fill('<p>Roses like <b>sun</b>.</p><img src="x" onerror="window.__hacked=1"><script>window.__hacked=2</script>');
    await page.getByTestId('article-author-name').fill('Rosa');
    await page.getByTestId('article-author-bio').fill('Gardener');
    expect(await save.isDisabled()).toBe(false);
    await page.getByTestId('article-preview-open').click();
    const preview = page.getByTestId('preview-body');
    await preview.locator('b', { hasText: 'sun' }).waitFor();
    const html = await preview.innerHTML();
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
    expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
    await page.getByTestId('article-title').fill('Growing roses well');
    await page.getByTestId('preview-refresh').click();
    await page.getByTestId('preview-title').getByText('Growing roses well').waitFor();
    await saveScreenshot(page, 'article-preview');
    await page.getByTestId('article-preview').getByRole('button', { name: 'Close' }).click();

    // Leaving with unsaved changes asks first; staying keeps the text.
    await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Gardening' }).click();
    await clickSettled(page.getByTestId('stay-unsaved'));
    expect(await page.getByTestId('article-title').inputValue()).toBe('Growing roses well');

    await save.click();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await rowNamed(other.page, 'articles-table', 'Growing roses well').waitFor();
    await page.reload();
    expect(await page.getByTestId('article-title').inputValue()).toBe('Growing roses well');

    // A new article: every field required; after saving it opens as /article/:id.
    await visit(page, suite.server.baseUrl, `/new-article/${groupId}`);
    await page.getByTestId('article-title').fill('Mulching');
    await page.getByTestId('article-title').fill('');
    await page.getByText(CONTENT_MESSAGES.titleRequired).waitFor();
    await page.getByTestId('article-title').fill('Mulching');
    await page.getByTestId('article-body').fill('Keep the soil moist.');
    await page.getByTestId('article-save').click();
    await page.getByText(CONTENT_MESSAGES.authorNameRequired).waitFor();
    await page.getByTestId('article-author-name').fill('Rosa');
    await page.getByTestId('article-author-bio').fill('Gardener');
    await page.getByTestId('article-save').click();
    await page.waitForURL((url) => /^#\/article\/\d+$/.test(new URL(url.toString()).hash));
    await page.getByRole('heading', { name: 'Article: Mulching' }).waitFor();
    await page.locator('.ant-message').getByText('Article "Mulching" created', { exact: true }).waitFor();
    await rowNamed(other.page, 'articles-table', 'Mulching').waitFor();
    await saveScreenshot(page, 'article-editor');

    // Delete an article, then the group; the other window follows.
    await visit(page, suite.server.baseUrl, groupRoute);
    await rowNamed(page, 'articles-table', 'Watering').locator('input[type=checkbox]').check();
    await page.getByTestId('delete-articles').click();
    await confirmDelete(page);
    await rowNamed(other.page, 'articles-table', 'Watering').waitFor({ state: 'detached' });

    await visit(page, suite.server.baseUrl, '/content-groups');
    await rowNamed(page, 'content-groups-table', 'Gardening').getByText('5', { exact: true }).waitFor();
    await saveScreenshot(page, 'content-groups-list');
    await rowNamed(page, 'content-groups-table', 'Gardening').locator('input[type=checkbox]').check();
    await page.getByTestId('delete-content-groups').click();
    await confirmDelete(page);
    await rowNamed(page, 'content-groups-table', 'Gardening').waitFor({ state: 'detached' });
    await waitForRoute(other.page, '/content-groups');
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
