import { describe, expect, test } from 'vitest';
import { DIAGRAM_RULE_MESSAGES, STRATEGY_MESSAGES } from '@linkloom/shared';
import { clickSettled, expectStrategyPreview, routeOf, visit, waitForRoute } from './support/app';
import { saveScreenshot } from './support/browser';
import { downloadedBytes } from './support/downloads';
import { useSignedInSuite } from './support/suite';
import { diagramNode, drawLink, dropKind, nodeTop, strategyRows } from './support/strategies';

/** The diagram list and the designer, walked as a new user on one real server (SQLite). */
const USER = { username: 'diagrams@example.com', password: 'strategy diagrams e2e' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('strategy diagrams', () => {
  const suite = useSignedInSuite(USER);

  test('build a 3-tier diagram from the stencil, refuse a second parent, undo/redo, layout, modules, store name, PNG, save, reload, campaign select', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/strategies');
    await page.getByRole('heading', { name: 'Diagrams' }).waitFor();
    // The built-in diagrams are listed with their previews, read from the server by address.
    await expectStrategyPreview(page.getByRole('img', { name: 'Preview of 2-Tier Web 2.0 Pyramid' }));
    await page.getByTestId('add-strategy').click();
    await clickSettled(page.getByTestId('new-diagram-dialog-ok'));
    await page.getByText(STRATEGY_MESSAGES.nameRequired).waitFor();
    await page.getByTestId('new-diagram-dialog-name').fill('My pyramid');
    await clickSettled(page.getByTestId('new-diagram-dialog-ok'));
    // Add opens what it made (issue 39 item 5): the new diagram's designer, without a click on the list.
    await page.waitForURL((url) => /^\/strategy\/\d+$/.test(routeOf(url.toString())));
    await page.getByTestId('diagram-designer').waitFor();
    expect(await page.getByTestId('breadcrumbs').textContent()).toBe('Home/Diagrams/My pyramid');
    const route = new URL(page.url()).hash.slice(1);

    await diagramNode(page, 'Money Site').waitFor();
    const money = await page.locator('.react-flow__pane').boundingBox();
    if (!money) throw new Error('no paper');
    await dropKind(page, 'Project', money.width * 0.3, money.height / 2 + 50);
    await diagramNode(page, 'Project (1)').waitFor();
    await dropKind(page, 'Wiki', money.width * 0.1, money.height / 2 + 120);
    await dropKind(page, 'PremiumPDF', money.width * 0.3, money.height / 2 + 150);
    await diagramNode(page, 'Premium PDF (1)').waitFor();
    await expect.poll(() => page.locator('[data-testid="diagram-node"]').count()).toBe(4);

    await drawLink(page, 'Money Site', 'Project (1)');
    await drawLink(page, 'Project (1)', 'Wiki (1)');
    await drawLink(page, 'Wiki (1)', 'Premium PDF (1)');
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(3);

    // A second parent is refused, with the reason.
    await drawLink(page, 'Money Site', 'Wiki (1)');
    await page.getByTestId('designer-refusal').getByText(DIAGRAM_RULE_MESSAGES.hasParent('Wiki (1)', 'Project (1)')).waitFor();
    expect(await page.locator('.react-flow__edge').count()).toBe(3);

    // Undo takes the last link back, redo restores it.
    await page.getByTestId('undo').click();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(2);
    await page.getByTestId('redo').click();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(3);

    // Auto-layout: top to bottom, one tier per row.
    await page.getByTestId('auto-layout').click();
    await expect.poll(async () => (await nodeTop(page, 'Money Site')) < (await nodeTop(page, 'Project (1)'))).toBe(true);
    expect(await nodeTop(page, 'Project (1)')).toBeLessThan(await nodeTop(page, 'Wiki (1)'));
    expect(await nodeTop(page, 'Wiki (1)')).toBeLessThan(await nodeTop(page, 'Premium PDF (1)'));

    // Project modules: eight unchecked; a tick adds a 20 px row to the node.
    const project = diagramNode(page, 'Project (1)');
    expect(await project.locator('[aria-pressed="false"]').count()).toBe(8);
    const before = await project.evaluate((node) => (node as HTMLElement).style.height);
    await project.getByTestId('module-Wiki').click();
    await project.getByTestId('module-PDF').click();
    await expect.poll(() => project.locator('[data-testid="module-row"]').count()).toBe(2);
    const after = await project.evaluate((node) => (node as HTMLElement).style.height);
    expect(Number.parseFloat(after) - Number.parseFloat(before)).toBe(40);

    // The inspector of a project node: Account Store Name updates the label.
    await diagramNode(page, 'Wiki (1)').click();
    const storeName = page.getByTestId('node-inspector').getByRole('combobox');
    await storeName.fill('Store One');
    await storeName.press('Enter');
    await diagramNode(page, 'Wiki (1)').getByTestId('node-profile').getByText('Store One').waitFor();

    // Export PNG: a real PNG file.
    const png = await downloadedBytes(page, () => page.getByTestId('export-png').click());
    expect(png.name).toBe('My pyramid.png');
    expect(png.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.bytes.length).toBeGreaterThan(1000);
    await saveScreenshot(page, 'diagram-designer');

    await page.getByTestId('save-strategy').click();
    await page.getByText('Diagram saved').waitFor();
    await visit(page, suite.server.baseUrl, route);
    await waitForRoute(page, route);
    await diagramNode(page, 'Premium PDF (1)').waitFor();
    expect(await page.locator('[data-testid="diagram-node"]').count()).toBe(4);
    expect(await page.locator('.react-flow__edge').count()).toBe(3);
    await diagramNode(page, 'Wiki (1)').getByText('Store One').waitFor();
    expect(await diagramNode(page, 'Project (1)').locator('[data-testid="module-row"]').count()).toBe(2);

    // The campaign list's new-campaign dialog offers it with its preview.
    const id = route.split('/').pop() ?? '';
    await visit(page, suite.server.baseUrl, '/campaigns');
    await page.getByTestId('add-campaign').click();
    await page.getByTestId('strategy-select').click();
    const option = page.getByTestId(`strategy-option-${id}`);
    await option.waitFor();
    expect(await option.textContent()).toContain('My pyramid');
    await expectStrategyPreview(option.locator('img'));
    expect(pageErrors).toEqual([]);
  });

  test('clone a built-in diagram; built-ins open view-only', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/strategies');
    await page.getByRole('heading', { name: 'Diagrams' }).waitFor();
    await expect.poll(async () => (await strategyRows(page)).some((row) => row.type === 'BUILTIN')).toBe(true);
    const builtIn = page.locator('tbody tr.ant-table-row', { has: page.getByText('BUILTIN', { exact: true }) }).first();
    const id = await builtIn.getAttribute('data-row-key');
    const name = (await builtIn.getByTestId(`strategy-link-${id}`).textContent()) ?? '';
    // Built-in rows: no checkbox to select, no rename or download.
    expect(await builtIn.locator('input[type=checkbox]').isDisabled()).toBe(true);
    expect(await page.getByTestId(`rename-${id}`).count()).toBe(0);
    expect(await page.getByTestId(`download-${id}`).count()).toBe(0);

    await page.getByTestId(`clone-${id}`).click();
    expect(await page.getByTestId('clone-diagram-dialog-name').inputValue()).toBe(`Copy of ${name}`);
    await clickSettled(page.getByTestId('clone-diagram-dialog-ok'));
    await expect.poll(async () => (await strategyRows(page)).find((row) => row.name === `Copy of ${name}`)?.type).toBe('CUSTOM');

    // The built-in opens view-only: no stencil, no inspector, nothing moves, no Save.
    await page.getByTestId(`strategy-link-${id}`).click();
    const designer = page.getByTestId('diagram-designer');
    await designer.waitFor();
    expect(await designer.getAttribute('data-view-only')).toBe('true');
    await page.locator('[data-testid="diagram-node"]').first().waitFor();
    expect(await page.getByTestId('stencil').count()).toBe(0);
    expect(await page.getByTestId('save-strategy').count()).toBe(0);
    expect(await page.locator('.react-flow__node.draggable').count()).toBe(0);
    const node = page.locator('.react-flow__node').nth(1);
    const start = await node.boundingBox();
    if (!start) throw new Error('no node');
    const placed = await node.evaluate((element) => `${(element as HTMLElement).style.left} ${(element as HTMLElement).style.top}`);
    await node.click();
    expect(await page.getByTestId('node-inspector').count()).toBe(0);
    await page.mouse.move(start.x + 10, start.y + 10);
    await page.mouse.down();
    await page.mouse.move(start.x + 120, start.y + 80, { steps: 5 });
    await page.mouse.up();
    // The paper may pan under the pointer, but the node keeps its place on it.
    expect(await node.evaluate((element) => `${(element as HTMLElement).style.left} ${(element as HTMLElement).style.top}`)).toBe(placed);
    await saveScreenshot(page, 'diagram-builtin-view-only');
    expect(pageErrors).toEqual([]);
  });
});
