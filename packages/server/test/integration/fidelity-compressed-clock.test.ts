/**
 * Fidelity goals, measured (issue 18.5) on a real WordPress blog (Debian's WordPress,
 * scripts/peers) with a compressed clock (test/support/compressed-clock.ts: a day passes in 18 s
 * of wall time): a private blog project spread over 3 days publishes 30 posts of 3 links each.
 * What really got published — the posts read back from the blog, and the Reports endpoint — keeps
 * the link set's anchor mix within ±2 points and the plan's posts per day within ±1.
 */
import { describe, expect, it } from 'vitest';
import {
  ANCHOR_MIX_TOLERANCE_POINTS, DAY_MS, KEYWORD_PERCENTAGE_TYPES, SPREAD_TOLERANCE_POSTS_PER_DAY, anchorMixDeviation, classifyAnchor, spreadDeviation,
  type LinkReport,
} from '@linkloom/shared';
import { keywordsOf } from '../../src/features/link-sets/link-set-keywords';
import { CompressedClock } from '../support/compressed-clock';
import { buildPrivateProjectWorld, pageAnchors } from '../support/engine-world';
import { wordPressAvailability } from '../support/wordpress-peers';
import { useEngineApp } from '../support/engine-app';
import { untilWithin } from '../support/until';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const DAYS = 3;
const POSTS = 30;
const LINKS_PER_POST = 3;
/** A day in 18 s of wall time. */
const FACTOR = 4800;
const MIX = { primary: 50, secondary: 0, branded: 30, generic: 0, nakedUrl: 20 };
const until = untilWithin((DAYS * DAY_MS) / FACTOR + 60_000, 250);

describe.skipIf(!availability.available)(`fidelity goals on real WordPress with a compressed clock${skipReason}`, () => {
  let clock: CompressedClock;
  const app = useEngineApp({ wordPressBlogs: 1, clock: () => (clock = new CompressedClock(Date.now(), FACTOR)), timeoutMs: 180_000 });

  const db = () => app.server.database.db;

  it(`a Spread project over ${DAYS} days keeps the anchor mix (±2 points) and the pace (±1 post/day), on the blog and in the reports`, async () => {
    const site = app.peers.sites[0]!;
    const world = await buildPrivateProjectWorld(db(), app.ownerId, [{ url: site.url, username: site.username, password: site.applicationPassword }], {
      linksPerPost: LINKS_PER_POST,
      schedule: { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Spread', nDay: DAYS, numberOfPosts: POSTS },
    });
    await db().updateTable('url_lists').set({
      primary_percentage: MIX.primary, secondary_percentage: MIX.secondary, branded_percentage: MIX.branded,
      generic_percentage: MIX.generic, naked_url_percentage: MIX.nakedUrl,
    }).where('id', '=', world.inputLinkSetId).execute();
    // The run starts a quarter of an hour into a UTC day, so its days are the report's calendar days.
    clock.set(Math.floor(Date.now() / DAY_MS) * DAY_MS + 10 * DAY_MS + 15 * 60_000);
    const wallStart = Date.now();
    const started = await app.agent.request('GET', `/action/start/project/${world.projectId}`);
    expect(started.statusCode, started.body).toBe(200);
    const status = await until('the Spread run to end', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', world.projectId).executeTakeFirstOrThrow();
      return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
    });
    expect(status.status, status.last_error).toBe('COMPLETED');
    process.stdout.write(`fidelity: ${POSTS} posts over ${DAYS} compressed days published in ${((Date.now() - wallStart) / 1000).toFixed(1)} s of wall time\n`);

    // What is on the blog: every published post read back, its links to the money pages classified.
    const posts = await db().selectFrom('engine_posts').select(['remote_url', 'start_after', 'created_at', 'updated_at', 'state'])
      .where('project_id', '=', world.projectId).orderBy('id').execute();
    expect(posts.map((post) => post.state)).toEqual(Array.from({ length: POSTS }, () => 'published'));
    const set = await db().selectFrom('url_lists').selectAll().where('id', '=', world.inputLinkSetId).executeTakeFirstOrThrow();
    const keywords = keywordsOf(set);
    const counts = new Map<string, number>();
    let total = 0;
    for (const post of posts) {
      const page = await fetch(post.remote_url!);
      expect(page.status).toBe(200);
      for (const anchor of pageAnchors(await page.text()).filter((a) => world.links.includes(a.href))) {
        const type = classifyAnchor(anchor.text.replace(/&amp;/g, '&'), anchor.href, keywords);
        counts.set(type, (counts.get(type) ?? 0) + 1);
        total += 1;
      }
    }
    expect(total).toBe(POSTS * LINKS_PER_POST);
    const onBlog = KEYWORD_PERCENTAGE_TYPES.map((type) => ({ type, count: counts.get(type) ?? 0, realised: ((counts.get(type) ?? 0) / total) * 100, configured: MIX[type] }));
    const blogGap = anchorMixDeviation(onBlog);
    process.stdout.write(`fidelity: anchor mix on the blog ${JSON.stringify(Object.fromEntries(counts))} of ${total}, widest gap ${blogGap.toFixed(2)} points\n`);
    expect(blogGap).toBeLessThanOrEqual(ANCHOR_MIX_TOLERANCE_POINTS);

    // Posts per compressed day: planned (the run's start times) against published, from the stored posts.
    const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
    const perDay = new Map<number, { planned: number; posts: number }>();
    for (const post of posts) {
      const planned = perDay.get(dayOf(Number(post.start_after ?? post.created_at))) ?? { planned: 0, posts: 0 };
      planned.planned += 1;
      perDay.set(dayOf(Number(post.start_after ?? post.created_at)), planned);
      const published = perDay.get(dayOf(Number(post.updated_at))) ?? { planned: 0, posts: 0 };
      published.posts += 1;
      perDay.set(dayOf(Number(post.updated_at)), published);
    }
    const days = [...perDay.entries()].sort(([a], [b]) => a - b).map(([, day]) => day);
    process.stdout.write(`fidelity: posts per day (planned/published) ${days.map((day) => `${day.planned}/${day.posts}`).join(' ')}\n`);
    expect(days.map((day) => day.planned)).toEqual([10, 10, 10]);
    expect(spreadDeviation(days)).toBeLessThanOrEqual(SPREAD_TOLERANCE_POSTS_PER_DAY);

    // The Reports endpoint says the same.
    const response = await app.agent.request('GET', `/rest/project/${world.projectId}/reports`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as LinkReport;
    const mixRows = report.anchorMix.filter((row) => row.projectId === world.projectId);
    expect(mixRows.reduce((sum, row) => sum + row.count, 0)).toBe(POSTS * LINKS_PER_POST);
    const reportGap = Math.max(...mixRows.map((row) => Math.abs(row.realised - row.configured)));
    expect(reportGap).toBeLessThanOrEqual(ANCHOR_MIX_TOLERANCE_POINTS);
    const paceRows = report.postsPerDay.filter((row) => row.projectId === world.projectId);
    process.stdout.write(`fidelity: report anchor gap ${reportGap.toFixed(2)} points; posts per day ${paceRows.map((row) => `${row.day} ${row.planned}/${row.published}`).join(', ')}\n`);
    expect(paceRows.map((row) => row.planned)).toEqual([10, 10, 10]);
    expect(spreadDeviation(paceRows.map((row) => ({ planned: row.planned, posts: row.published })))).toBeLessThanOrEqual(SPREAD_TOLERANCE_POSTS_PER_DAY);
  }, 240_000);
});
