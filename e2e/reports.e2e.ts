import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { buildPublishedPost } from '../packages/server/test/support/engine-check-factories';
import { buildPrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { visit } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { seedAsUser } from './support/server-database';

/**
 * Link reports (issue 18.4): the campaign screen says how many targets tier 2 dropped (its light
 * count), and its Reports tab (a lazy chunk with the charts) shows each report as a chart (the
 * strategy as a read-only diagram with each node's counts), as a table and as CSV.
 * The data are seeded as the engine leaves them: tier 1's three published posts (one dead twice,
 * one nofollow) and tier 2's ten published posts with their anchors.
 */
const USER = { username: 'reports@example.com', password: 'reports e2e password' };
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);

let campaignId = 0;
let projectId = 0;
let blogOrigin = '';

async function tableRows(page: Page, id: string): Promise<string[][]> {
  const section = page.getByTestId(`report-${id}`);
  await section.getByTestId(`report-${id}-view`).getByText('Table').click();
  const rows = section.locator(`[data-testid="report-${id}-table"] tbody tr[data-row-key]`);
  await rows.first().waitFor();
  const all: string[][] = [];
  for (let i = 0; i < (await rows.count()); i += 1) all.push(await rows.nth(i).locator('td').allTextContents());
  return all;
}

describe('the Reports tab', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      await seedAsUser(server, USER.username, async (db, ownerId) => {
        blogOrigin = 'https://tier1.blog.test';
        const first = await buildPublishedPost(db, { ownerId, remoteUrl: `${blogOrigin}/post-0/`, links: [{ url: 'https://money.test/', anchor: 'money' }] });
        campaignId = first.campaignId;
        const posts = [first];
        for (const n of [1, 2]) posts.push(await buildPublishedPost(db, { ownerId, campaignId, outputLinkSetId: first.outputLinkSetId, remoteUrl: `${blogOrigin}/post-${n}/`, links: [] }));
        await db.updateTable('projects').set({ name: 'Tier one', settings: JSON.stringify({ urlListId: first.outputLinkSetId }) }).where('id', '=', first.projectId).execute();
        const runId = (await db.selectFrom('engine_posts').select('run_id').where('id', '=', first.postId).executeTakeFirstOrThrow()).run_id;
        await db.updateTable('engine_posts').set({ project_id: first.projectId, run_id: runId, created_at: T0, updated_at: T0 }).where('id', 'in', posts.map((post) => post.postId)).execute();
        await db.deleteFrom('project_runs').where('project_id', 'in', posts.slice(1).map((post) => post.projectId)).execute();
        await db.deleteFrom('projects').where('id', 'in', posts.slice(1).map((post) => post.projectId)).execute();
        const checks = [
          { check_status: 'MISSING', dead_since: T0 + 7 * DAY, dead_reason: 'GONE' },
          { check_status: 'OK', dead_since: null, dead_reason: null },
          { check_status: 'NOFOLLOW', dead_since: null, dead_reason: null },
        ];
        for (const [i, post] of posts.entries()) {
          await db.updateTable('url_items').set({ ...checks[i]!, date_added: T0, checked_at: T0 + 7 * DAY }).where('id', '=', post.urlItemId).execute();
        }

        const tier2 = await buildPrivateProjectWorld(db, ownerId, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }], { campaignId });
        projectId = tier2.projectId;
        await db.updateTable('projects').set({ name: 'Tier two', schedule: JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [first.projectId] }) })
          .where('id', '=', tier2.projectId).execute();
        const run = await db.insertInto('project_runs').values({ owner_id: ownerId, project_id: tier2.projectId, state: 'completed', started_at: T0, finished_at: T0, created_at: T0 })
          .returning('id').executeTakeFirstOrThrow();
        const anchors = ['organic seeds', 'rare seeds', 'heirloom seeds', 'organic seeds', 'organic seeds', 'rare seeds', 'SeedCo', 'SeedCo', 'naked', 'naked'];
        for (const [i, anchor] of anchors.entries()) {
          const at = T0 + (i < 5 ? 0 : DAY);
          const post = await db.insertInto('engine_posts').values({
            owner_id: ownerId, project_id: tier2.projectId, run_id: run.id, site_key: tier2.sites[0]!.key, seq: i + 1, idempotency_key: `e2e-${i}`,
            state: 'published', start_after: at, remote_url: `https://tier2.blog.test/${i}/`, created_at: T0, updated_at: at,
          }).returning('id').executeTakeFirstOrThrow();
          const url = tier2.links[i % 3]!;
          await db.insertInto('engine_post_links').values({ owner_id: ownerId, post_id: post.id, url, anchor: anchor === 'naked' ? url : anchor, created_at: at }).execute();
        }
      });
    },
  });

  test('the campaign says what tier 2 dropped; each report reads as a table; the project has its own Reports tab', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, `/campaign/${campaignId}`);
    await page.getByTestId('campaign-tabs').waitFor();
    expect(await page.getByTestId('dropped-targets-text').textContent()).toBe(
      '1 upper-tier post is dropped as targets: lower tiers no longer link to them in new posts. Found dead twice in a row: 1 gone (the page answers 404 or 410). A later check that finds a post alive brings it back.',
    );
    await page.getByTestId('dropped-targets').getByTestId('dead-pages-open').waitFor();

    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByTestId('reports').waitFor();
    // The chart view draws SVG (recharts, loaded with the tab).
    await page.locator('[data-testid="report-anchor-mix"] svg.recharts-surface').first().waitFor();
    // One row per project and anchor kind, labelled on the left: no label runs into another.
    const labels = page.locator('[data-testid="report-anchor-mix"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await expect.poll(() => labels.count()).toBe(3);
    const boxes = (await Promise.all((await labels.all()).map((label) => label.boundingBox()))).filter((box) => box !== null);
    expect(boxes).toHaveLength(3);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
    expect(await labels.first().textContent()).toBe('Tier two: Primary keyword');
    await page.getByTestId('report-anchor-mix').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'report-anchor-mix');

    expect(await tableRows(page, 'anchor-mix')).toEqual([
      ['2', 'Tier two', expect.stringMatching(/^Money pages /), 'Primary keyword', '6', '60.0 %', '60.0 %'],
      ['2', 'Tier two', expect.stringMatching(/^Money pages /), 'Branded keyword', '2', '20.0 %', '20.0 %'],
      ['2', 'Tier two', expect.stringMatching(/^Money pages /), 'Naked URL', '2', '20.0 %', '20.0 %'],
    ]);
    // The same anchors as one row per tier and kind.
    expect(await tableRows(page, 'anchor-mix-tiers')).toEqual([
      ['2', 'Primary keyword', '6', '60.0 %', '60.0 %'],
      ['2', 'Branded keyword', '2', '20.0 %', '20.0 %'],
      ['2', 'Naked URL', '2', '20.0 %', '20.0 %'],
    ]);
    expect(await tableRows(page, 'posts-per-day')).toEqual([
      ['Tier one', '2026-01-10', '3', '3'],
      ['Tier two', '2026-01-10', '5', '5'],
      ['Tier two', '2026-01-11', '5', '5'],
    ]);
    const survival = await tableRows(page, 'survival');
    expect(survival).toContainEqual(['Tier 1', '7', '3', '2', '66.7 %']);
    expect(survival).toContainEqual(['Tier 1', '1', '3', '3', '100.0 %']);
    expect(survival).toContainEqual(['Platform Private', '7', '3', '2', '66.7 %']);
    expect(await tableRows(page, 'dofollow')).toEqual([[blogOrigin, '1', '1', '50.0 %']]);
    // The strategy (a campaign made by hand: one node per tier) drawn with React Flow, each node with its counts, then as a table.
    const diagram = page.getByTestId('report-strategy').getByTestId('strategy-report-diagram');
    await diagram.getByTestId('wizard-diagram-node').first().waitFor();
    expect(await diagram.getByTestId('node-counts').allTextContents()).toEqual(['2 live · 1 dead · 0 pending', '0 live · 0 dead · 0 pending']);
    expect(await tableRows(page, 'strategy')).toEqual([
      ['Tier 1', '1', 'Tier one', '2', '1', '0', '0'],
      ['Tier 2', '2', 'Tier two', '0', '0', '0', '0'],
    ]);

    // CSV of a report: the table's rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-dofollow-csv').click()]);
    expect(download.suggestedFilename()).toBe(`campaign-${campaignId}-dofollow.csv`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`Site,Dofollow,Nofollow,Dofollow share\r\n${blogOrigin},1,1,50\r\n`);

    await visit(page, suite.server.baseUrl, `/privateproject/${projectId}`);
    await page.getByRole('tab', { name: 'Reports' }).click();
    expect(await tableRows(page, 'posts-per-day')).toEqual([
      ['Tier two', '2026-01-10', '5', '5'],
      ['Tier two', '2026-01-11', '5', '5'],
    ]);
    expect(await tableRows(page, 'strategy')).toEqual([['Tier 2', '2', 'Tier two', '0', '0', '0', '0']]);
    expect(pageErrors).toEqual([]);
  });
});
