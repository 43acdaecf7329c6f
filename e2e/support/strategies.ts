import type { Locator, Page } from 'playwright-core';

/** A node on the designer's paper by its label, e.g. 'Project (1)'. */
export function diagramNode(page: Page, label: string): Locator {
  return page.locator(`.react-flow__node:has([data-testid="diagram-node"][data-label="${label}"])`);
}

/**
 * Drags a kind from the stencil onto the paper at (x, y) of the paper's box (forced: the drop may
 * land on a node or the navigator, and the paper takes it all the same).
 */
export async function dropKind(page: Page, kind: string, x: number, y: number): Promise<void> {
  await page.getByTestId(`stencil-${kind}`).dragTo(page.locator('.react-flow__pane'), { targetPosition: { x, y }, force: true });
}

/** Draws a link from the parent's bottom handle to the child's top handle with the mouse. */
export async function drawLink(page: Page, parent: string, child: string): Promise<void> {
  const from = await diagramNode(page, parent).locator('.react-flow__handle-bottom').boundingBox();
  const to = await diagramNode(page, child).locator('.react-flow__handle-top').boundingBox();
  if (!from || !to) throw new Error(`No handles for ${parent} → ${child}`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** The top edge of a node on screen. */
export async function nodeTop(page: Page, label: string): Promise<number> {
  const box = await diagramNode(page, label).boundingBox();
  if (!box) throw new Error(`${label} is not on the paper`);
  return box.y;
}

/** Rows of the diagram list: name and type. */
export async function strategyRows(page: Page): Promise<{ name: string; type: string }[]> {
  return page.getByTestId('strategies-table').locator('tbody tr.ant-table-row').evaluateAll((rows) => rows.map((row) => {
    const cells = row.querySelectorAll('td');
    return { name: (cells[1]?.textContent ?? '').trim(), type: (cells[2]?.textContent ?? '').trim() };
  }));
}
