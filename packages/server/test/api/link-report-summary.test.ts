/**
 * The campaign reports read from output_link_summary (migration 0035, issue 18.4) on both
 * databases: after output links published, checked through post.verify (OK, NOFOLLOW, MISSING,
 * GONE, a revival), links imported into an output set, output links deleted, a link set deleted
 * and another user's links, the summary equals a fresh count of url_items, and the report — by the
 * API and at chosen instants on every survival cut, to the millisecond around each link's age —
 * equals the report of the exact grouped read of every link (test/support/link-report-oracle.ts).
 * Output links stored before the migration are counted by its backfill.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, LinkReportSchema, SURVIVAL_AGES_DAYS } from '@linkloom/shared';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { readLinkReport } from '../../src/features/link-health/link-reports.repository';
import { migrateToLatest } from '../../src/platform/db/migrate';
import type { Database } from '../../src/platform/db/dialect';
import type { Agent } from '../support/agent';
import { createTestDatabase, DATABASES, type TestDatabaseHandle } from '../support/databases';
import { migrateToBefore } from '../support/migrate-before';
import { buildPublishedPost } from '../support/engine-check-factories';
import { buildUser } from '../support/factories';
import { useTestServer } from '../support/lifecycle';
import { exactHealthGroups, summaryAndRecount } from '../support/link-report-oracle';
import { multipartFile } from '../support/multipart';
import { usePageBlog } from '../support/page-blog';
import { useTwoUsers } from '../support/scenario';

const MONEY = 'https://money.example.test/landing';
const SUMMARY_MIGRATION = '0035-output-link-summary';
const signal = () => new AbortController().signal;
type Db = Database['db'];

interface Tier {
  campaignId: number;
  projectId: number;
  setId: number;
  posts: { postId: number; urlItemId: number; path: string }[];
}

/**
 * `count` posts published into one new output link set by one private project of the campaign
 * (a new campaign when none is given), each at `${blogUrl}/${tag}-{i}/`, the project after `parent`.
 */
async function publishTier(db: Db, ownerId: number, blogUrl: string, tag: string, count: number, options: { campaignId?: number; parent?: number } = {}): Promise<Tier> {
  const stamp = `${tag}-${Date.now()}`;
  const first = await buildPublishedPost(db, { ownerId, campaignId: options.campaignId, remoteUrl: `${blogUrl}/${stamp}-0/`, links: [{ url: MONEY, anchor: 'landing page' }] });
  const { run_id: runId } = await db.selectFrom('engine_posts').select('run_id').where('id', '=', first.postId).executeTakeFirstOrThrow();
  const posts = [{ postId: first.postId, urlItemId: first.urlItemId, path: `/${stamp}-0/` }];
  for (let i = 1; i < count; i += 1) {
    const post = await buildPublishedPost(db, {
      ownerId, campaignId: first.campaignId, outputLinkSetId: first.outputLinkSetId, remoteUrl: `${blogUrl}/${stamp}-${i}/`, links: [{ url: MONEY, anchor: 'landing page' }],
    });
    // One project publishes the tier: the fixture's own project and run go.
    await db.updateTable('engine_posts').set({ project_id: first.projectId, run_id: runId }).where('id', '=', post.postId).execute();
    await db.deleteFrom('project_runs').where('project_id', '=', post.projectId).execute();
    await db.deleteFrom('projects').where('id', '=', post.projectId).execute();
    posts.push({ postId: post.postId, urlItemId: post.urlItemId, path: `/${stamp}-${i}/` });
  }
  const schedule = options.parent === undefined ? null : JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [options.parent] });
  await db.updateTable('projects').set({ settings: JSON.stringify({ urlListId: first.outputLinkSetId }), schedule }).where('id', '=', first.projectId).execute();
  return { campaignId: first.campaignId, projectId: first.projectId, setId: first.outputLinkSetId, posts };
}

/** The instants around every survival cut of each link: the cut on its date added, and a millisecond before. */
function cutsAround(datesAdded: readonly number[]): number[] {
  return datesAdded.flatMap((added) => SURVIVAL_AGES_DAYS.flatMap((days) => [added + days * DAY_MS, added + days * DAY_MS - 1]));
}

describe.each(DATABASES)('campaign reports from the output link summary on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const blog = usePageBlog(skip);
  const { pages } = blog;


  const LIVE = `<p><a href="${MONEY}">landing page</a></p>`;
  const NOFOLLOW = `<p><a rel="nofollow" href="${MONEY}">landing page</a></p>`;
  const WITHOUT = '<p>No link here.</p>';
  /** A final check of a post at `at` through post.verify (retries over: a 404 is stored at once). */
  const verify = (ownerId: number, postId: number, at: number) =>
    verifyPost(ctx.server.context, { payload: { ownerId, postId, retry: 100 }, signal: signal() }, () => at);
  const setAdded = (urlItemId: number, at: number) => db().updateTable('url_items').set({ date_added: at }).where('id', '=', urlItemId).execute();
  const link = (urlItemId: number) => db().selectFrom('url_items').select(['check_status', 'dead_since', 'dead_reason']).where('id', '=', urlItemId).executeTakeFirstOrThrow();

  async function expectInStep() {
    const { summary, recount } = await summaryAndRecount(db(), kind);
    expect(summary).toEqual(recount);
    return summary;
  }

  /** The report from the summary equals the exact grouped read's, for the campaign and each project, at each instant. */
  async function expectExact(ownerId: number, campaignId: number, projectIds: readonly number[], instants: readonly number[]) {
    for (const now of instants) {
      for (const projectId of [null, ...projectIds]) {
        const fromSummary = await readLinkReport(db(), ownerId, campaignId, projectId, now);
        expect(fromSummary, `project ${projectId ?? 'all'} at ${now}`).toEqual(await readLinkReport(db(), ownerId, campaignId, projectId, now, exactHealthGroups));
      }
    }
  }

  /** GET /rest/campaign/{id}/reports equals the exact report at the instant it was made. */
  async function expectApiExact(agent: Agent, ownerId: number, campaignId: number) {
    const response = await agent.request('GET', `/rest/campaign/${campaignId}/reports`);
    expect(response.statusCode, response.body).toBe(200);
    const report = LinkReportSchema.parse(response.json());
    expect(report).toEqual(await readLinkReport(db(), ownerId, campaignId, null, report.generatedAt, exactHealthGroups));
    return report;
  }

  it.skipIf(skip)('after checks, revivals, imports and deletes the summary counts every output link and the report equals the exact grouped read', async () => {
    const t0 = Date.now();
    const midnight = Math.floor(t0 / DAY_MS) * DAY_MS;
    const tier1 = await publishTier(db(), ann.id, blog.url, 't1', 8);
    const tier2 = await publishTier(db(), ann.id, blog.url, 't2', 4, { campaignId: tier1.campaignId, parent: tier1.projectId });
    for (const post of [...tier1.posts, ...tier2.posts]) pages.set(post.path, LIVE);
    // Added over the past year, on and around UTC midnights and at odd milliseconds.
    const added = [
      t0 - 400 * DAY_MS, t0 - 100 * DAY_MS, t0 - 100 * DAY_MS + 1, midnight - 20 * DAY_MS, midnight - 20 * DAY_MS - 1, t0 - 7 * DAY_MS, t0 - 3 * DAY_MS + 17, t0,
      t0 - 200 * DAY_MS, midnight - 61 * DAY_MS, t0 - 31 * DAY_MS, t0 - 1,
    ];
    const posts = [...tier1.posts, ...tier2.posts];
    for (const [i, post] of posts.entries()) await setAdded(post.urlItemId, added[i]!);
    const [p0, p1, p2, p3, p4, p5, , , q0, q1] = posts;

    // OK; NOFOLLOW; MISSING twice (dead from the second, exactly 7 days after it was added); GONE twice (dead 7 days and a millisecond after); GONE twice then alive again.
    await verify(ann.id, p0!.postId, t0 - 300 * DAY_MS);
    pages.set(p1!.path, NOFOLLOW);
    await verify(ann.id, p1!.postId, t0 - 99 * DAY_MS);
    pages.set(p2!.path, WITHOUT);
    await verify(ann.id, p2!.postId, added[2]! + 6 * DAY_MS);
    await verify(ann.id, p2!.postId, added[2]! + 7 * DAY_MS);
    pages.delete(p3!.path);
    await verify(ann.id, p3!.postId, added[3]! + 6 * DAY_MS);
    await verify(ann.id, p3!.postId, added[3]! + 7 * DAY_MS + 1);
    pages.delete(p4!.path);
    await verify(ann.id, p4!.postId, added[4]! + DAY_MS);
    await verify(ann.id, p4!.postId, added[4]! + 2 * DAY_MS);
    expect(await link(p4!.urlItemId)).toMatchObject({ check_status: 'MISSING', dead_reason: 'GONE' });
    pages.set(p4!.path, LIVE);
    await verify(ann.id, p4!.postId, added[4]! + 3 * DAY_MS);
    expect(await link(p4!.urlItemId)).toMatchObject({ check_status: 'OK', dead_since: null, dead_reason: null });
    await verify(ann.id, p5!.postId, t0 - 5 * DAY_MS);
    // Tier 2: one dead on the day it was added (GONE twice within hours), one OK.
    pages.delete(q0!.path);
    await verify(ann.id, q0!.postId, added[8]! + 1000);
    await verify(ann.id, q0!.postId, added[8]! + 2000);
    await verify(ann.id, q1!.postId, added[9]! + DAY_MS);
    expect(await link(p2!.urlItemId)).toMatchObject({ check_status: 'MISSING', dead_since: added[2]! + 7 * DAY_MS, dead_reason: 'MISSING' });
    expect(await link(p3!.urlItemId)).toMatchObject({ check_status: 'MISSING', dead_since: added[3]! + 7 * DAY_MS + 1, dead_reason: 'GONE' });

    // Links the user adds to an output set, by hand and by a file import, are no output links.
    const put = await ann.agent.request('PUT', `/rest/url_items/${tier1.setId}`, { body: { links: 'https://user.test/a\nhttps://user.test/b' } });
    expect(put.statusCode, put.body).toBe(200);
    const { body, headers } = multipartFile('links.txt', Array.from({ length: 300 }, (_, i) => `https://import.test/${i}`).join('\n'), { contentType: 'text/plain' });
    const upload = await ann.agent.request('POST', `/action/import/url_list/${tier1.setId}`, { body, headers });
    expect(upload.statusCode, upload.body).toBe(200);

    // Bob's published and checked links; Ann's campaign gets a project naming Bob's set.
    const bobs = await publishTier(db(), bob.id, blog.url, 'bob', 3);
    for (const post of bobs.posts) pages.set(post.path, LIVE);
    await verify(bob.id, bobs.posts[0]!.postId, t0 - DAY_MS);
    const intruder = await db().insertInto('projects')
      .values({ owner_id: ann.id, campaign_id: tier1.campaignId, name: 'Names Bob\'s set', module: 'Private', status: 'COMPLETED', settings: JSON.stringify({ urlListId: bobs.setId }), created_at: t0 })
      .returning('id').executeTakeFirstOrThrow();

    const rows = await expectInStep();
    expect(rows.reduce((sum, row) => sum + Number(row.n), 0)).toBe(posts.length + bobs.posts.length);
    const instants = [t0, t0 + DAY_MS, t0 + 500 * DAY_MS, midnight, midnight - 1, ...cutsAround([added[2]!, added[3]!, added[4]!, added[8]!])];
    await expectExact(ann.id, tier1.campaignId, [tier1.projectId, tier2.projectId, intruder.id], instants);
    const before = await expectApiExact(ann.agent, ann.id, tier1.campaignId);
    expect(before.targets).toEqual({ dropped: 3, missing: 1, gone: 2, atRisk: 0 });
    expect(before.nodes.find((node) => node.projectId === intruder.id)).toMatchObject({ live: 0, dead: 0, pending: 0 });
    expect(before.nodes.find((node) => node.projectId === tier1.projectId)).toMatchObject({ live: 4, dead: 2, pending: 2 });
    // The survival figures say something: at 7 days the link dead exactly then is dead, the one a millisecond later alive.
    const at = await readLinkReport(db(), ann.id, tier1.campaignId, tier1.projectId, t0);
    expect(at.survival.find((row) => row.by === 'tier' && row.ageDays === 7)).toMatchObject({ total: 6, alive: 5 });
    expect(at.survival.find((row) => row.by === 'tier' && row.ageDays === 0)).toMatchObject({ total: 8, alive: 8 });
    expect((await ann.agent.request('GET', `/rest/campaign/${tier1.campaignId}/dropped-targets`)).json()).toMatchObject({ dropped: 3, missing: 1, gone: 2, atRisk: 0 });

    // Output links deleted (one live, one dead), a check moving a dead link to ERROR then back, a tier 3 set deleted with its links.
    const tier3 = await publishTier(db(), ann.id, blog.url, 't3', 3, { campaignId: tier1.campaignId, parent: tier2.projectId });
    for (const post of tier3.posts) pages.set(post.path, NOFOLLOW);
    for (const post of tier3.posts) await verify(ann.id, post.postId, t0 - 2 * DAY_MS);
    expect((await expectApiExact(ann.agent, ann.id, tier1.campaignId)).nodes.find((node) => node.projectId === tier3.projectId)).toMatchObject({ live: 3 });
    const deleted = await ann.agent.request('DELETE', `/rest/url_items/${tier1.setId}`, { body: { ids: [p0!.urlItemId, p3!.urlItemId] } });
    expect(deleted.json()).toEqual({ deleted: 2 });
    const setDeleted = await ann.agent.request('DELETE', `/rest/url_list/${tier1.campaignId}`, { body: [tier3.setId] });
    expect(setDeleted.statusCode, setDeleted.body).toBe(200);
    pages.set(p2!.path, LIVE);
    await verify(ann.id, p2!.postId, t0 - 3 * DAY_MS);

    const after = await expectInStep();
    expect(after.some((row) => Number(row.url_list_id) === tier3.setId)).toBe(false);
    expect(after.reduce((sum, row) => sum + Number(row.n), 0)).toBe(posts.length - 2 + bobs.posts.length);
    await expectExact(ann.id, tier1.campaignId, [tier1.projectId, tier2.projectId, tier3.projectId], [t0, ...cutsAround([added[2]!, added[8]!])]);
    const report = await expectApiExact(ann.agent, ann.id, tier1.campaignId);
    expect(report.targets).toEqual({ dropped: 1, missing: 0, gone: 1, atRisk: 0 });
    expect(report.nodes.find((node) => node.projectId === tier1.projectId)).toMatchObject({ live: 4, dead: 0, pending: 2 });

    // Bob's own report counts his links alone; deleting Bob takes his summary with him.
    expect((await expectApiExact(bob.agent, bob.id, bobs.campaignId)).nodes).toEqual([expect.objectContaining({ live: 1, dead: 0, pending: 2 })]);
    expect((await bob.agent.request('GET', `/rest/campaign/${tier1.campaignId}/reports`)).statusCode).toBe(404);
  });

  it.skipIf(skip)("deleting a user deletes their summary; another user's counts stay", async () => {
    const carol = await buildUser(db());
    const tier = await publishTier(db(), carol.id, blog.url, 'carol', 2);
    const mine = await publishTier(db(), ann.id, blog.url, 'ann', 1);
    const count = async (ownerId: number) => (await db().selectFrom('output_link_summary').select('n').where('owner_id', '=', ownerId).execute())
      .reduce((sum, row) => sum + Number(row.n), 0);
    expect(await count(carol.id)).toBe(2);
    const annBefore = await count(ann.id);
    await db().deleteFrom('users').where('id', '=', carol.id).execute();
    expect(await count(carol.id)).toBe(0);
    expect(await count(ann.id)).toBe(annBefore);
    await expectInStep();
    expect(tier.setId).not.toBe(mine.setId);
  });
});


describe.each(DATABASES)('output link summary migration on $kind', ({ kind, skip }) => {
  let handle: TestDatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.drop();
    handle = undefined;
  });

  it.skipIf(skip)('counts the output links stored before it, and the links written after it', async () => {
    handle = await createTestDatabase(kind, { migrated: false });
    const database = handle.open();
    try {
      await migrateToBefore(database, SUMMARY_MIGRATION);
      const { db } = database;
      const user = await buildUser(db);
      const t0 = Date.now();
      const tier = await publishTier(db, user.id, 'https://blog.test', 'old', 4);
      const states = [
        { check_status: 'OK', dead_since: null, dead_reason: null, date_added: t0 - 40 * DAY_MS },
        { check_status: 'NOFOLLOW', dead_since: null, dead_reason: null, date_added: t0 - 8 * DAY_MS },
        { check_status: 'MISSING', dead_since: t0 - 30 * DAY_MS, dead_reason: 'GONE', date_added: t0 - 37 * DAY_MS },
        { check_status: 'PENDING', dead_since: null, dead_reason: null, date_added: t0 - 2 * DAY_MS + 5 },
      ];
      for (const [i, post] of tier.posts.entries()) await db.updateTable('url_items').set(states[i]!).where('id', '=', post.urlItemId).execute();
      await db.insertInto('url_items').values({ owner_id: user.id, url_list_id: tier.setId, url: 'https://manual.test/', date_added: t0, created_at: t0, check_status: 'OK' }).execute();

      expect(await migrateToLatest(database)).toContain(SUMMARY_MIGRATION);
      const backfilled = await summaryAndRecount(db, kind);
      expect(backfilled.summary).toEqual(backfilled.recount);
      expect(backfilled.summary.reduce((sum, row) => sum + Number(row.n), 0)).toBe(4);
      for (const now of [t0, ...cutsAround(states.map((state) => state.date_added))]) {
        expect(await readLinkReport(db, user.id, tier.campaignId, null, now)).toEqual(await readLinkReport(db, user.id, tier.campaignId, null, now, exactHealthGroups));
      }
      const report = await readLinkReport(db, user.id, tier.campaignId, null, t0);
      expect(report.targets).toEqual({ dropped: 1, missing: 0, gone: 1, atRisk: 0 });
      expect(report.nodes).toEqual([expect.objectContaining({ live: 2, dead: 1, pending: 1 })]);

      // The connection that ran the migrations counts what it writes next.
      await publishTier(db, user.id, 'https://blog.test', 'new', 2);
      const next = await summaryAndRecount(db, kind);
      expect(next.summary).toEqual(next.recount);
      expect(next.summary.reduce((sum, row) => sum + Number(row.n), 0)).toBe(6);

      // Its down step takes the summary, its triggers and index away: output links are written and checked as before.
      await migrateToBefore(database, SUMMARY_MIGRATION);
      const after = await publishTier(db, user.id, 'https://blog.test', 'down', 1);
      await db.updateTable('url_items').set({ check_status: 'OK', dead_since: t0, dead_reason: 'GONE' }).where('id', '=', after.posts[0]!.urlItemId).execute();
      await db.deleteFrom('url_items').where('id', '=', after.posts[0]!.urlItemId).execute();
      await expect(db.selectFrom('output_link_summary').selectAll().execute()).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
