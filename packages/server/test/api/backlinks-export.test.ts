/**
 * The Backlinks export (issue 36 item 5) on both databases. A private project publishes five posts
 * through the queue to a local WordPress stand-in (the real WordPress connector talking to it), the
 * engine verifies them, then the test's own checks (verifyPost with its clock) leave one live and
 * dofollow, one live with a nofollowed link, one missing, one dead; one is set pending as a re-check
 * under way leaves it. A tier-2 project's post links to the first. Every column of the CSV and of
 * the XLSX (unzipped and its sheet XML read back) is compared with what the database holds; only
 * live, the input links apart, other users' ids, bad queries and formula-looking text are checked.
 */
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKLINKS_EXPORT_MESSAGES, DAY_MS, INPUT_LINK_HEADERS, PUBLISHED_BACKLINK_HEADERS, exportDate,
  type BacklinkExportStatus, type DofollowWord, type ExportCell,
} from '@linkloom/shared';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { saveOptions } from '../../src/features/options/options.repository';
import { parseCsv } from '../../src/platform/files/csv';
import { readZipTextEntries } from '../../src/platform/files/zip';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld, pageAnchors, type PrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { untilWithin } from '../support/until';
import { standInLogin, startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

const until = untilWithin(60_000, 100);
const signal = () => new AbortController().signal;
const FIVE_POSTS = { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Once', numberOfPosts: 5, status: 'DONE' };
const EVIL_ANCHOR = '=HYPERLINK("http://evil.example/","click")';
const EVIL_INPUT_ANCHORS = ['+cmd|" /C calc"!A0', '@SUM(1+1)'];

/** Every cell of a file as text the way CSV writes it. */
const asCsvText = (rows: readonly (readonly ExportCell[])[]) => rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))));

async function csvRows(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const [, fields] of parseCsv(Readable.from([Buffer.from(text)]))) rows.push(fields);
  return rows;
}

const unescapeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

function columnIndex(letters: string): number {
  return [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

interface ReadCell {
  value: ExportCell;
  style: string | null;
}

/** A worksheet's rows read back from its XML: inline strings as text, numbers as numbers, missing cells as null. */
function sheetRows(xml: string, width: number): ReadCell[][] {
  const rows: ReadCell[][] = [];
  for (const row of xml.matchAll(/<row r="(\d+)">([\s\S]*?)<\/row>/g)) {
    expect(Number(row[1])).toBe(rows.length + 1);
    const cells: ReadCell[] = Array.from({ length: width }, () => ({ value: null, style: null }));
    for (const cell of row[2]!.matchAll(/<c ([^>]*)>([\s\S]*?)<\/c>/g)) {
      const attributes = Object.fromEntries([...cell[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      const ref = /^([A-Z]+)(\d+)$/.exec(attributes.r ?? '')!;
      expect(Number(ref[2])).toBe(rows.length + 1);
      const inline = /^<is><t xml:space="preserve">([\s\S]*)<\/t><\/is>$/.exec(cell[2]!);
      const number = /^<v>([^<]*)<\/v>$/.exec(cell[2]!);
      expect(inline !== null || number !== null, cell[0]).toBe(true);
      if (inline) expect(attributes.t).toBe('inlineStr');
      cells[columnIndex(ref[1]!)] = { value: inline ? unescapeXml(inline[1]!) : Number(number![1]), style: attributes.s ?? null };
    }
    rows.push(cells);
  }
  return rows;
}

/** Every entry of a ZIP as text, in archive order, read with yauzl (dot files such as _rels/.rels included). */
function unzipAll(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const parts = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            parts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(parts));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** An XLSX answer unzipped: its parts, its sheets' names in order, and each sheet's rows. */
async function readWorkbook(bytes: Buffer, widths: number[]) {
  const parts = await unzipAll(bytes);
  const names = [...parts.get('xl/workbook.xml')!.matchAll(/<sheet name="([^"]*)" sheetId="(\d+)" r:id="(rId\d+)"\/>/g)].map((m) => unescapeXml(m[1]!));
  const sheets = names.map((name, i) => ({ name, rows: sheetRows(parts.get(`xl/worksheets/sheet${i + 1}.xml`)!, widths[i]!) }));
  return { parts, sheets };
}

describe.each(DATABASES)('the Backlinks export on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  let blog: WordPressStandIn;

  beforeAll(async () => {
    if (skip) return;
    blog = await startWordPressStandIn();
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
  });
  afterAll(async () => {
    if (skip) return;
    await blog.close();
  });

  /** A final check of a post at `at` (its retries over, so a 404 is stored at once). */
  const check = (postId: number, at: number) => verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId, retry: 100 }, signal: signal() }, () => at);

  interface World {
    tier1: PrivateProjectWorld;
    tier2: PrivateProjectWorld;
    /** The status each output link (url_items.id) must show. */
    statusOf: Map<number, BacklinkExportStatus>;
    /** The one target the nofollowed post's page marks rel="nofollow", and that post's output link. */
    nofollowed: { itemId: number; target: string };
    tier2ItemId: number;
  }

  async function buildWorld(): Promise<World> {
    const tier1 = await buildPrivateProjectWorld(db(), ann.id, [standInLogin(blog)], { schedule: FIVE_POSTS, linksPerPost: 2 });
    expect((await ann.agent.request('GET', `/action/start/project/${tier1.projectId}`)).statusCode).toBe(200);
    const posts = await until('five posts published and verified by the engine', async () => {
      const rows = await db().selectFrom('engine_posts').innerJoin('url_items', 'url_items.id', 'engine_posts.url_item_id')
        .select(['engine_posts.id as postId', 'url_items.id as itemId', 'url_items.url', 'url_items.check_status'])
        .where('engine_posts.project_id', '=', tier1.projectId).orderBy('engine_posts.id').execute();
      return rows.length === 5 && rows.every((row) => row.check_status === 'OK') ? rows : undefined;
    });
    await until('the project to complete', async () => ((await db().selectFrom('projects').select('status').where('id', '=', tier1.projectId).executeTakeFirstOrThrow()).status === 'COMPLETED' ? true : undefined));
    const [live, nofollow, missing, dead, pending] = posts as [typeof posts[0], typeof posts[0], typeof posts[0], typeof posts[0], typeof posts[0]];
    const pageOf = (url: string) => blog.posts.find((post) => post.link === url)!;
    const t0 = Date.now();

    // One link of the second post gets rel="nofollow" on its page: NOFOLLOW, and that row says no.
    const page = pageOf(nofollow.url);
    const target = pageAnchors(page.content)[0]!.href;
    page.content = page.content.replace('<a ', '<a rel="nofollow" ');
    await check(nofollow.postId, t0 + DAY_MS);
    // The third post is deleted: one dead check, missing. The fourth twice in a row: dead.
    blog.deletePost(pageOf(missing.url).id);
    await check(missing.postId, t0 + DAY_MS);
    blog.deletePost(pageOf(dead.url).id);
    await check(dead.postId, t0 + DAY_MS);
    await check(dead.postId, t0 + 7 * DAY_MS);
    // The fifth is being checked again (its re-check claimed, retrying): pending.
    await db().updateTable('url_items').set({ check_status: 'PENDING' }).where('id', '=', pending.itemId).execute();
    const states = await db().selectFrom('url_items').select(['id', 'check_status', 'dead_since']).where('id', 'in', posts.map((post) => post.itemId)).execute();
    const stateOf = (itemId: number) => states.find((row) => row.id === itemId)!;
    expect(posts.map((post) => [stateOf(post.itemId).check_status, stateOf(post.itemId).dead_since === null])).toEqual([['OK', true], ['NOFOLLOW', true], ['MISSING', true], ['MISSING', false], ['PENDING', true]]);

    // Tier 2 (after tier 1): one published post linking the live tier-1 post with a formula-looking anchor.
    const tier2 = await buildPrivateProjectWorld(db(), ann.id, [standInLogin(blog)], { campaignId: tier1.campaignId });
    await db().updateTable('projects').set({ schedule: JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [tier1.projectId], durationType: 'Once', numberOfPosts: 1, status: 'DONE' }) })
      .where('id', '=', tier2.projectId).execute();
    const now = Date.now();
    const run = await db().insertInto('project_runs').values({ owner_id: ann.id, project_id: tier2.projectId, state: 'completed', started_at: now, finished_at: now, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const post = await db().insertInto('engine_posts').values({
      owner_id: ann.id, project_id: tier2.projectId, run_id: run.id, site_key: tier2.sites[0]!.key, seq: 1, idempotency_key: `export-${run.id}`,
      state: 'published', remote_url: `${blog.url}/tier-two/`, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('engine_post_links').values({ owner_id: ann.id, post_id: post.id, url: live.url, anchor: EVIL_ANCHOR, link_set_id: tier1.outputLinkSetId, created_at: now }).execute();
    const item = await db().insertInto('url_items').values({
      owner_id: ann.id, url_list_id: tier2.outputLinkSetId, url: `${blog.url}/tier-two/`, anchor: 'Tier two', site: blog.url, username: 'admin',
      date_added: now, created_at: now, post_id: post.id, check_status: 'OK', checked_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db().updateTable('engine_posts').set({ url_item_id: item.id }).where('id', '=', post.id).execute();
    // Money pages whose anchors a spreadsheet would run.
    const money = await db().selectFrom('url_items').select('id').where('url_list_id', '=', tier1.inputLinkSetId).orderBy('id').execute();
    for (const [i, anchor] of EVIL_INPUT_ANCHORS.entries()) await db().updateTable('url_items').set({ anchor }).where('id', '=', money[i]!.id).execute();

    const statusOf = new Map<number, BacklinkExportStatus>([
      [live.itemId, 'live'], [nofollow.itemId, 'live'], [missing.itemId, 'missing'], [dead.itemId, 'dead'], [pending.itemId, 'pending'], [item.id, 'live'],
    ]);
    return { tier1, tier2, statusOf, nofollowed: { itemId: nofollow.itemId, target }, tier2ItemId: item.id };
  }

  let built: Promise<World> | undefined;
  const world = () => (built ??= buildWorld());

  /** What the database holds, as the published rows must show it: read here without the export's own code. */
  async function expectedPublished(w: World, setIds: number[], onlyLive = false): Promise<ExportCell[][]> {
    const sets = await db().selectFrom('url_lists').select(['id', 'name']).where('id', 'in', setIds).orderBy('id').execute();
    const rows: ExportCell[][] = [];
    const tierOf = new Map([[w.tier1.projectId, 1], [w.tier2.projectId, 2]]);
    for (const set of sets) {
      const items = await db().selectFrom('url_items').selectAll().where('url_list_id', '=', set.id).where('post_id', 'is not', null).orderBy('id').execute();
      for (const item of items) {
        const status = w.statusOf.get(item.id)!;
        expect(status, `status of link ${item.id}`).toBeDefined();
        if (onlyLive && status !== 'live') continue;
        const post = await db().selectFrom('engine_posts').select(['id', 'project_id']).where('id', '=', item.post_id!).executeTakeFirstOrThrow();
        const project = await db().selectFrom('projects').select(['name', 'module']).where('id', '=', post.project_id).executeTakeFirstOrThrow();
        const history = (await db().selectFrom('link_check_history').select(['id', 'checked_at', 'status', 'http_status', 'url']).where('url_item_id', '=', item.id).execute())
          .filter((row) => row.url === null || row.url === item.url)
          .sort((a, b) => Number(b.checked_at) - Number(a.checked_at) || b.id - a.id);
        const latest = history[0];
        const liveChecks = history.filter((row) => row.status === 'OK' || row.status === 'NOFOLLOW').map((row) => Number(row.checked_at));
        const placed = await db().selectFrom('engine_post_links').select(['url', 'anchor']).where('post_id', '=', post.id).orderBy('id').execute();
        expect(placed.length).toBeGreaterThan(0);
        for (const link of placed) {
          const dofollow: DofollowWord = status !== 'live' ? 'unknown' : item.id === w.nofollowed.itemId && link.url === w.nofollowed.target ? 'no' : 'yes';
          rows.push([
            item.url, link.url, link.anchor, tierOf.get(post.project_id)!, blog.url, 'WordPress', 'Private', project.name, set.name, status, dofollow,
            exportDate(Number(item.date_added)), liveChecks.length === 0 ? null : exportDate(Math.min(...liveChecks)),
            latest ? exportDate(Number(latest.checked_at)) : null, latest?.http_status ?? null,
          ]);
        }
      }
    }
    return rows;
  }

  /** The input links of these sets with their counts, from the database and the statuses above. */
  async function expectedInputs(w: World, setIds: number[]): Promise<ExportCell[][]> {
    const sets = await db().selectFrom('url_lists').select(['id', 'name']).where('id', 'in', setIds).orderBy('id').execute();
    const rows: ExportCell[][] = [];
    for (const set of sets) {
      const items = await db().selectFrom('url_items').select(['url', 'anchor', 'date_added']).where('url_list_id', '=', set.id).where('post_id', 'is', null).orderBy('id').execute();
      for (const item of items) {
        const placed = await db().selectFrom('engine_post_links').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_links.post_id')
          .select('engine_posts.url_item_id').where('engine_post_links.link_set_id', '=', set.id).where('engine_post_links.url', '=', item.url)
          .where('engine_posts.state', '=', 'published').execute();
        const live = placed.filter((row) => row.url_item_id !== null && w.statusOf.get(row.url_item_id) === 'live').length;
        rows.push([item.url, item.anchor, set.name, exportDate(Number(item.date_added)), placed.length, live]);
      }
    }
    return rows;
  }

  const get = (agent: typeof ann.agent, url: string) => agent.request('GET', url);
  const campaignSets = async (w: World) => (await db().selectFrom('url_lists').select('id').where('campaign_id', '=', w.tier1.campaignId).orderBy('id').execute()).map((row) => row.id);

  it.skipIf(skip)("CSV of a campaign's published links: every column as the database holds it, one row per placed link", async () => {
    const w = await world();
    const response = await get(ann.agent, `/action/export/backlinks/campaign/${w.tier1.campaignId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const campaign = await db().selectFrom('campaigns').select('name').where('id', '=', w.tier1.campaignId).executeTakeFirstOrThrow();
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${campaign.name}_backlinks.csv"; filename*=UTF-8''${encodeURIComponent(`${campaign.name}_backlinks.csv`)}`);
    const [header, ...rows] = await csvRows(response.body);
    expect(header).toEqual(PUBLISHED_BACKLINK_HEADERS);
    const expected = await expectedPublished(w, await campaignSets(w));
    // Five tier-1 posts with two placed links each, the tier-2 post with one; no money page among them.
    expect(expected).toHaveLength(11);
    expect(rows).toEqual(asCsvText(expected));
    expect(new Set(rows.map((row) => row[9]))).toEqual(new Set(['live', 'missing', 'dead', 'pending']));
    expect(rows.filter((row) => row[10] === 'no')).toHaveLength(1);
    expect(rows.map((row) => row[3])).toEqual([...Array(10).fill('1'), '2']);
    expect(rows.some((row) => w.tier1.links.includes(row[0]!))).toBe(false);
    // The formula-looking anchor is written inert (a leading apostrophe), and reads back as it is.
    expect(response.body).toContain(`,"'${EVIL_ANCHOR.replace(/"/g, '""')}",`);
    expect(rows.at(-1)![2]).toBe(EVIL_ANCHOR);
  });

  it.skipIf(skip)('onlyLive keeps only the live rows; a link set exports its own links', async () => {
    const w = await world();
    const live = await get(ann.agent, `/action/export/backlinks/campaign/${w.tier1.campaignId}?onlyLive=true`);
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-disposition']).toContain('_backlinks_live.csv"');
    const [, ...rows] = await csvRows(live.body);
    expect(rows).toEqual(asCsvText(await expectedPublished(w, await campaignSets(w), true)));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row[9]))).toEqual(new Set(['live']));

    const set = await get(ann.agent, `/action/export/backlinks/link_set/${w.tier1.outputLinkSetId}?format=csv&part=published&onlyLive=false`);
    expect(set.statusCode).toBe(200);
    const [, ...setRows] = await csvRows(set.body);
    expect(setRows).toEqual(asCsvText(await expectedPublished(w, [w.tier1.outputLinkSetId])));
    expect(setRows).toHaveLength(10);
  });

  it.skipIf(skip)('the input (money) links come apart: their own CSV, or a zip of two CSVs with part=both', async () => {
    const w = await world();
    const inputs = await get(ann.agent, `/action/export/backlinks/link_set/${w.tier1.inputLinkSetId}?part=inputs&onlyLive=true`);
    expect(inputs.statusCode).toBe(200);
    const [header, ...rows] = await csvRows(inputs.body);
    expect(header).toEqual(INPUT_LINK_HEADERS);
    const expected = await expectedInputs(w, [w.tier1.inputLinkSetId]);
    expect(rows).toEqual(asCsvText(expected));
    // Ten links were placed to the three money pages; the live posts' four (two posts, two links each) count as live.
    expect(expected.reduce((sum, row) => sum + Number(row[4]), 0)).toBe(10);
    expect(expected.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(4);
    for (const anchor of EVIL_INPUT_ANCHORS) expect(inputs.body).toContain(`'${anchor.includes('"') ? anchor.replace(/"/g, '""') : anchor}`);

    const both = await get(ann.agent, `/action/export/backlinks/campaign/${w.tier1.campaignId}?part=both`);
    expect(both.statusCode).toBe(200);
    expect(both.headers['content-type']).toBe('application/zip');
    const campaign = (await db().selectFrom('campaigns').select('name').where('id', '=', w.tier1.campaignId).executeTakeFirstOrThrow()).name;
    expect(both.headers['content-disposition']).toContain(`filename="${campaign}_backlinks.zip"`);
    const entries = await readZipTextEntries(both.rawPayload, 10 * 1024 * 1024);
    expect(entries.map((entry) => entry.name)).toEqual([`${campaign}_published.csv`, `${campaign}_inputs.csv`]);
    expect((await csvRows(entries[0]!.text)).slice(1)).toEqual(asCsvText(await expectedPublished(w, await campaignSets(w))));
    const campaignInputs = await expectedInputs(w, await campaignSets(w));
    // Both projects' money pages, and no published post among them.
    expect(campaignInputs).toHaveLength(6);
    expect((await csvRows(entries[1]!.text)).slice(1)).toEqual(asCsvText(campaignInputs));
  });

  it.skipIf(skip)('XLSX: a workbook with a sheet per part, read back cell by cell; formula-looking text stays text', async () => {
    const w = await world();
    const response = await get(ann.agent, `/action/export/backlinks/campaign/${w.tier1.campaignId}?format=xlsx&part=both`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('_backlinks.xlsx"');
    const { parts, sheets } = await readWorkbook(response.rawPayload, [PUBLISHED_BACKLINK_HEADERS.length, INPUT_LINK_HEADERS.length]);
    expect([...parts.keys()].sort()).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml',
    ]);
    expect(parts.get('[Content_Types].xml')).toContain('<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>');
    expect(parts.get('xl/_rels/workbook.xml.rels')).toContain('Target="worksheets/sheet1.xml"');
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Published links', 'Input links']);
    // No formulas anywhere: every cell is an inline string or a number.
    for (const [name, text] of parts) expect(text, name).not.toMatch(/<f[\s>]/);

    const [published, inputs] = sheets as [typeof sheets[0], typeof sheets[0]];
    expect(published.rows[0]!.map((cell) => cell.value)).toEqual(PUBLISHED_BACKLINK_HEADERS);
    expect(published.rows.slice(1).map((row) => row.map((cell) => cell.value))).toEqual(await expectedPublished(w, await campaignSets(w)));
    expect(inputs.rows[0]!.map((cell) => cell.value)).toEqual(INPUT_LINK_HEADERS);
    expect(inputs.rows.slice(1).map((row) => row.map((cell) => cell.value))).toEqual(await expectedInputs(w, await campaignSets(w)));
    // Formula-looking values are kept as they are, as text marked quote-prefixed (Excel keeps them text when edited).
    const evil = published.rows.flat().find((cell) => cell.value === EVIL_ANCHOR)!;
    expect(evil.style).toBe('2');
    for (const anchor of EVIL_INPUT_ANCHORS) expect(inputs.rows.flat().find((cell) => cell.value === anchor)?.style).toBe('2');
    expect(parts.get('xl/styles.xml')).toMatch(/<cellXfs count="3">.*quotePrefix="1"/);

    const live = await get(ann.agent, `/action/export/backlinks/link_set/${w.tier1.outputLinkSetId}?format=xlsx&onlyLive=true`);
    expect(live.headers['content-disposition']).toContain('_backlinks_live.xlsx"');
    const one = await readWorkbook(live.rawPayload, [PUBLISHED_BACKLINK_HEADERS.length]);
    expect(one.sheets.map((sheet) => sheet.name)).toEqual(['Published links']);
    expect(one.sheets[0]!.rows.slice(1).map((row) => row.map((cell) => cell.value))).toEqual(await expectedPublished(w, [w.tier1.outputLinkSetId], true));
  });

  it.skipIf(skip)("another user's campaign or link set answers 404, a missing one too; bad queries 422", async () => {
    const w = await world();
    for (const path of [`campaign/${w.tier1.campaignId}`, `link_set/${w.tier1.outputLinkSetId}`, `link_set/${w.tier1.inputLinkSetId}`]) {
      const theirs = await get(bob.agent, `/action/export/backlinks/${path}?format=xlsx`);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.body).not.toContain(blog.url);
    }
    expect((await get(ann.agent, '/action/export/backlinks/campaign/999999')).statusCode).toBe(404);
    expect((await get(ann.agent, '/action/export/backlinks/link_set/999999')).statusCode).toBe(404);
    const cases: [string, string][] = [
      ['format=xls', BACKLINKS_EXPORT_MESSAGES.format],
      ['onlyLive=1', BACKLINKS_EXPORT_MESSAGES.onlyLive],
      ['onlyLive=yes', BACKLINKS_EXPORT_MESSAGES.onlyLive],
      ['part=money', BACKLINKS_EXPORT_MESSAGES.part],
    ];
    for (const [query, message] of cases) {
      const refused = await get(ann.agent, `/action/export/backlinks/campaign/${w.tier1.campaignId}?${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().error.message, query).toBe(message);
    }
    expect((await get(ann.agent, `/action/export/backlinks/campaign/${w.tier1.campaignId}?onlylive=true`)).statusCode).toBe(422);
    expect((await get(ann.agent, '/action/export/backlinks/campaign/01')).statusCode).toBe(422);
    expect((await get(ann.agent, '/action/export/backlinks/link_set/x1')).statusCode).toBe(422);
  });
});
