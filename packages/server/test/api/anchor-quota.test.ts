/**
 * The anchor quota through the engine's own storage (issue 18.5) on both databases: 200 posts of a
 * private project are composed one after another and begin publishing as post.publish does
 * (beginPublishing keeps each link's link set and anchor kind); each composition reads the counts
 * back from the database alone (nothing in memory carries them from one post to the next, as after
 * a restart), and the realised mix, counted from the stored links and as the project's report
 * reads it, keeps within ±2 points of the link set's percentages.
 */
import { describe, expect, it } from 'vitest';
import { ANCHOR_MIX_TOLERANCE_POINTS, ContentProjectFormSchema, LinkReportSchema } from '@linkloom/shared';
import { composePost } from '../../src/engine/runner/compose-post';
import { beginPublishing } from '../../src/engine/runner/post-publish.repository';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

const POSTS = 200;
const MIX = { primary: 45, secondary: 0, branded: 35, generic: 0, nakedUrl: 20 };

describe.each(DATABASES)('anchor quota through the engine on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  it.skipIf(skip)(`${POSTS} posts keep the link set's mix within ±2 points, counted from the stored links and in the report`, async () => {
    const world = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9/', username: 'admin', password: 'unused' }], { linksPerPost: 2 });
    await db().updateTable('url_lists').set({
      primary_percentage: MIX.primary, secondary_percentage: MIX.secondary, branded_percentage: MIX.branded,
      generic_percentage: MIX.generic, naked_url_percentage: MIX.nakedUrl,
    }).where('id', '=', world.inputLinkSetId).execute();
    const form = ContentProjectFormSchema.parse(world.form);
    const now = Date.now();
    const run = await db().insertInto('project_runs').values({ owner_id: ann.id, project_id: world.projectId, state: 'running', started_at: now, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    for (let seq = 1; seq <= POSTS; seq += 1) {
      const inserted = await db().insertInto('engine_posts').values({
        owner_id: ann.id, project_id: world.projectId, run_id: run.id, site_key: world.sites[0]!.key, seq,
        idempotency_key: `quota-p${world.projectId}-n${seq}`, job_id: 'quota-job', created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const post = await db().selectFrom('engine_posts').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      const composed = await composePost(db(), ann.id, form, null, post);
      if (!composed.ok) throw new Error(composed.error);
      const intent = { title: composed.post.built.title, name: `quota-post-${seq}`, site: 'http://127.0.0.1:9', at: now };
      expect(await beginPublishing(db(), post, 'quota-job', composed.post, null, intent, now)).toBe('ok');
    }
    await db().updateTable('engine_posts').set({ state: 'published', job_id: null }).where('project_id', '=', world.projectId).execute();

    const stored = await db().selectFrom('engine_post_links').select(['anchor_type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('link_set_id', '=', world.inputLinkSetId).groupBy('anchor_type').execute();
    const total = stored.reduce((sum, row) => sum + Number(row.n), 0);
    expect(total).toBe(POSTS * 2);
    const share = (type: string) => (Number(stored.find((row) => row.anchor_type === type)?.n ?? 0) / total) * 100;
    const gaps = (Object.keys(MIX) as (keyof typeof MIX)[]).map((type) => Math.abs(share(type) - MIX[type]));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(ANCHOR_MIX_TOLERANCE_POINTS);

    const response = await ann.agent.request('GET', `/rest/project/${world.projectId}/reports`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = LinkReportSchema.parse(response.json()).anchorMix.filter((row) => row.projectId === world.projectId);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(POSTS * 2);
    const reportGap = Math.max(...rows.map((row) => Math.abs(row.realised - row.configured)));
    process.stdout.write(`anchor quota on ${kind}: ${total} anchors of ${POSTS} posts, widest gap ${Math.max(...gaps).toFixed(2)} points stored, ${reportGap.toFixed(2)} in the report\n`);
    expect(reportGap).toBeLessThanOrEqual(ANCHOR_MIX_TOLERANCE_POINTS);
  }, 120_000);
});
