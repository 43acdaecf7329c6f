import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DIAGRAM_EDITOR, diagramPreviewSvg } from '@linkloom/shared';
import { insertStrategies } from '../packages/server/src/features/strategies/strategies.repository';
import { visit, waitForRoute, waitSettled } from './support/app';
import { saveScreenshot } from './support/browser';
import { bigDiagram, bigDiagramLabel } from './support/big-diagram';
import { downloadedText } from './support/downloads';
import { seedAsUser } from './support/server-database';
import { diagramNode, dropKind } from './support/strategies';
import { useSignedInSuite } from './support/suite';

/**
 * The designer on a phone (375 px: the stencil and the inspector are drawers opened from the
 * toolbar, nothing is wider than the screen, Download Diagram in reach) and with 1,000 nodes
 * (zoom to fit shows every node inside the paper, hovering a node shows its whole label, a drop
 * from the stencil lands under the pointer, also once the inspector is open): issue 39 item 3.
 */
const USER = { username: 'designer-narrow@example.com', password: 'designer narrow e2e' };
const PHONE = { width: 375, height: 740 };
const BIG = 1000;

let ids: { small: number; big: number };

/** The page itself never scrolls sideways. */
async function expectNoPageOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The element lies wholly within the screen's width. */
async function expectWithinWidth(element: Locator, width: number): Promise<void> {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** Nodes on the paper, and the ids of those not wholly inside the paper's box. */
function nodesOutsideThePaper(page: Page): Promise<{ count: number; outside: string[] }> {
  return page.evaluate(() => {
    const paper = document.querySelector('.react-flow')!.getBoundingClientRect();
    const nodes = [...document.querySelectorAll('.react-flow__node')];
    const outside = nodes.filter((node) => {
      const box = node.getBoundingClientRect();
      return box.left < paper.left - 0.5 || box.top < paper.top - 0.5 || box.right > paper.right + 0.5 || box.bottom > paper.bottom + 0.5;
    });
    return { count: nodes.length, outside: outside.map((node) => node.getAttribute('data-id') ?? '?') };
  });
}

/** The paper's zoom, read from React Flow's viewport transform. */
function paperZoom(page: Page): Promise<number> {
  return page.locator('.react-flow__viewport').evaluate((viewport) => new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a);
}

/**
 * Drops `kind` from the stencil at (x, y) of the paper and checks the new node, `label`, is
 * centred under the pointer.
 */
async function expectDropUnderPointer(page: Page, kind: string, label: string, x: number, y: number): Promise<void> {
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!pane) throw new Error('no paper');
  await dropKind(page, kind, x, y);
  const node = diagramNode(page, label);
  await node.waitFor();
  const box = await node.boundingBox();
  expect(box).not.toBeNull();
  // Half a grid step at the paper's zoom (the snap), and a pixel and a half for the pointer's rounding.
  const tolerance = (DIAGRAM_EDITOR.gridSize / 2) * (await paperZoom(page)) + 1.5;
  expect(Math.abs(box!.x + box!.width / 2 - (pane.x + x))).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(box!.y + box!.height / 2 - (pane.y + y))).toBeLessThanOrEqual(tolerance);
}

describe('diagram designer on a phone and with 1,000 nodes', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      ids = await seedAsUser(server, USER.username, async (db, ownerId) => {
        const diagrams = [{ name: 'Phone pyramid', nodes: 5 }, { name: 'Thousand nodes', nodes: BIG }];
        const rows = await insertStrategies(db, ownerId, diagrams.map(({ name, nodes }) => {
          const diagram = bigDiagram(nodes);
          return { name, description: '', diagram: JSON.stringify(diagram), img: diagramPreviewSvg(diagram) };
        }));
        return { small: rows[0]!.id, big: rows[1]!.id };
      });
    },
  });

  test('375 px: nothing wider than the screen; the stencil and the inspector are drawers; Download Diagram in reach', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx);
    await page.setViewportSize(PHONE);
    const route = `/strategy/${ids.small}`;
    await visit(page, suite.server.baseUrl, route);
    await waitForRoute(page, route);
    const designer = page.getByTestId('diagram-designer');
    await designer.waitFor();
    await diagramNode(page, 'Money Site').waitFor();
    expect(await designer.getAttribute('data-narrow')).toBe('true');
    await expectNoPageOverflow(page);
    // No stencil column and no navigator over the small paper until asked for.
    expect(await page.getByTestId('stencil').count()).toBe(0);
    expect(await page.locator('.react-flow__minimap').count()).toBe(0);
    // The toolbar wraps: every control on screen, Download Diagram among them.
    for (const control of await page.getByTestId('designer-toolbar').locator(':scope > *').all()) await expectWithinWidth(control, PHONE.width);
    const download = await downloadedText(page, () => page.getByTestId('download-diagram').click());
    expect(download.name).toBe('Phone pyramid.json');
    expect((JSON.parse(download.text) as { cells: unknown[] }).cells).toHaveLength(9);

    // However far a phone's fit zooms out, a small diagram keeps its labels (a phone has no hover).
    expect(await page.locator('.ll-node-compact').count()).toBe(0);
    expect(await page.locator('.ll-node-label').count()).toBeGreaterThan(0);

    // Nodes: the stencil in a drawer; a tap adds the kind in the middle of the paper and closes it.
    await page.getByTestId('open-stencil').click();
    const stencilItem = page.getByTestId('stencil-PrivateBlog');
    await waitSettled(stencilItem);
    await expectWithinWidth(page.getByTestId('stencil'), PHONE.width);
    await stencilItem.click();
    await diagramNode(page, 'Private Blog (1)').waitFor();
    await page.getByTestId('stencil').waitFor({ state: 'hidden' });

    // Properties: the new node is chosen; its inspector opens in a drawer from the toolbar.
    await page.getByTestId('open-inspector').click();
    const inspector = page.getByTestId('node-inspector');
    const storeName = inspector.getByRole('combobox');
    await waitSettled(storeName);
    expect(await inspector.getByRole('heading').textContent()).toBe('Private Blog (1)');
    await expectWithinWidth(inspector, PHONE.width);
    await storeName.fill('Phone store');
    await storeName.press('Enter');
    await diagramNode(page, 'Private Blog (1)').getByTestId('node-profile').getByText('Phone store').waitFor();
    await page.getByTestId('inspector-drawer').locator('.ant-drawer-close').click();
    await inspector.waitFor({ state: 'hidden' });

    // The navigator on demand, inside the paper.
    await page.getByTestId('toggle-navigator').click();
    const navigator = page.locator('.react-flow__minimap');
    await navigator.waitFor();
    await expectWithinWidth(navigator, PHONE.width);
    await expectNoPageOverflow(page);
    await saveScreenshot(page, 'designer-narrow');
    expect(pageErrors).toEqual([]);
  });

  test('1,000 nodes: zoom to fit shows them all inside the paper; hover shows a whole label; drops land under the pointer', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, `/strategy/${ids.big}`);
    await page.locator('.react-flow__node').first().waitFor();
    // As it opens the designer fits the whole diagram, below the zoom buttons' 0.2 if need be.
    await expect.poll(() => nodesOutsideThePaper(page), { timeout: 15_000 }).toEqual({ count: BIG, outside: [] });
    expect(await paperZoom(page)).toBeLessThan(DIAGRAM_EDITOR.zoomMin);
    // This far out nodes are boxes only (view/zoom.ts COMPACT_BELOW): no handles, no text.
    expect(await page.locator('.ll-node-compact').count()).toBe(BIG);
    expect(await page.locator('.react-flow__handle, .ll-node-label').count()).toBe(0);

    // Zoomed in, only part is in view; Zoom to fit brings every node back inside the paper.
    await page.getByTestId('zoom-in').click();
    await page.getByTestId('zoom-in').click();
    await expect.poll(() => paperZoom(page)).toBeCloseTo(0.4, 5);
    expect((await nodesOutsideThePaper(page)).count).toBeLessThan(BIG);
    // At 0.4 the nodes in view show their labels and handles again.
    await page.locator('.react-flow__handle').first().waitFor();
    expect(await page.locator('.ll-node-compact').count()).toBe(0);
    await page.getByTestId('zoom-fit').click();
    await expect.poll(() => nodesOutsideThePaper(page), { timeout: 15_000 }).toEqual({ count: BIG, outside: [] });

    // Hovering a node shows its whole label, however small the node is drawn.
    const index = 5 + 9 * 11;
    const label = bigDiagramLabel(index);
    expect(label).toBe('Article Directory (12)');
    const node = page.locator(`.react-flow__node[data-id="n${index}"]`);
    const box = await node.boundingBox();
    if (!box) throw new Error(`n${index} is not on the paper`);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(centre.x, centre.y);
    const hovered = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[title]')?.getAttribute('title') ?? null, centre);
    expect(hovered).toBe(label);

    // A drop lands centred under the pointer; the inspector then opens over the paper without
    // moving it, and the next drop lands under the pointer too.
    const pane = await page.locator('.react-flow__pane').boundingBox();
    if (!pane) throw new Error('no paper');
    const paperBefore = await page.locator('.react-flow').boundingBox();
    await expectDropUnderPointer(page, 'PrivateBlog', 'Private Blog (1)', pane.width * 0.5, pane.height * 0.5);
    await page.getByTestId('inspector-panel').waitFor();
    expect(await page.locator('.react-flow').boundingBox()).toEqual(paperBefore);
    await expectDropUnderPointer(page, 'PrivateBookmark', 'Private Bookmark (1)', pane.width * 0.3, pane.height * 0.7);
    await saveScreenshot(page, 'designer-thousand-nodes');
    expect(pageErrors).toEqual([]);
  });
});
