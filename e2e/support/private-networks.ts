import type { Page } from 'playwright-core';

/** The rows of the private network list, by the text of their name links. */
export async function networkNames(page: Page): Promise<string[]> {
  return page.getByTestId('private-networks-table').getByTestId('name-link').allTextContents();
}

/** The row of the list whose name link reads `name` (antd rows carry data-row-key). */
export function networkRow(page: Page, name: string) {
  return page.getByTestId('private-networks-table').locator('tr[data-row-key]').filter({ has: page.getByTestId('name-link').getByText(name, { exact: true }) });
}

