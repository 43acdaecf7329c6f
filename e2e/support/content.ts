import type { Page } from 'playwright-core';
import { UPLOAD_MESSAGES } from '@linkloom/shared';

/** A file as the browser's file picker hands it over. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const textFile = (name: string, text: string): PickedFile => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

/** The row of a table whose name link reads `name`. */
export function rowNamed(page: Page, tableTestId: string, name: string) {
  return page.getByTestId(tableTestId).locator('tr', { has: page.getByRole('link', { name, exact: true }) });
}

/**
 * Uploads files through one of the content group's upload dialogs and waits for each file's
 * '{file} file uploaded successfully.' toast (spec 3 section 8, with the period).
 */
export async function uploadArticles(page: Page, variant: 'firstLine' | 'fileName', files: PickedFile[]): Promise<void> {
  await page.getByTestId(variant === 'firstLine' ? 'upload-articles' : 'upload-articles-file-name').click();
  const input = page.getByTestId(`upload-${variant}`).locator('input[type=file]');
  await input.setInputFiles(files);
  for (const file of files) await page.getByText(UPLOAD_MESSAGES.uploaded(file.name, true), { exact: true }).first().waitFor();
  // The dialog says how its uploads went and offers Done once they have finished.
  await page.getByTestId('article-upload-dialog-summary').getByText(`${files.length} ${files.length === 1 ? 'file' : 'files'} uploaded`, { exact: true }).waitFor();
  await page.getByTestId('article-upload-dialog-done').click();
  await page.getByTestId('article-upload-dialog').waitFor({ state: 'hidden' });
}
