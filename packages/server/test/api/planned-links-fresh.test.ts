/**
 * A post keeps the links its run planned when a target was added to the link set just before the
 * run began (a post of the tier above published moments earlier): composing reads link sets from a
 * snapshot a couple of seconds old (compose-post.ts), and a planned target the snapshot has not seen
 * yet is read from the database, not dropped — a wizard campaign's tier-2 post was published with no
 * link at all that way. A target found dead since is still left out.
 */
import { describe, expect, it } from 'vitest';
import { ContentProjectFormSchema } from '@linkloom/shared';
import { composePost } from '../../src/engine/runner/compose-post';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

describe.each(DATABASES)('planned links read fresh on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('a planned target added to the set after its snapshot is placed; one found dead since is not', async () => {
    const world = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9/', username: 'admin', password: 'unused' }], { linksPerPost: 1 });
    const form = ContentProjectFormSchema.parse(world.form);
    const now = Date.now();
    const run = await db().insertInto('project_runs').values({ owner_id: ann.id, project_id: world.projectId, state: 'running', started_at: now, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const newPost = async (seq: number) => {
      const inserted = await db().insertInto('engine_posts').values({
        owner_id: ann.id, project_id: world.projectId, run_id: run.id, site_key: world.sites[0]!.key, seq,
        idempotency_key: `fresh-p${world.projectId}-n${seq}`, job_id: 'fresh-job', created_at: now, updated_at: now, targets_planned: 1,
      }).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    };
    const compose = async (postId: number) => {
      const post = await db().selectFrom('engine_posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow();
      const composed = await composePost(db(), ann.id, form, null, post);
      if (!composed.ok) throw new Error(composed.error);
      return composed.post.built.links.map((link) => link.url);
    };

    // A first composition takes the set's snapshot.
    const first = await newPost(1);
    const [existing] = await db().selectFrom('url_items').select('url').where('url_list_id', '=', world.inputLinkSetId).orderBy('id').limit(1).execute();
    await db().insertInto('engine_post_targets').values({ owner_id: ann.id, post_id: first, link_set_id: world.inputLinkSetId, url: existing!.url, anchor: 'seed shop', anchor_type: 'primary', created_at: now }).execute();
    expect(await compose(first)).toEqual([existing!.url]);

    // A target added to the set since, planned for the next post: placed, though the snapshot predates it.
    const added = 'https://tier-above.example.test/fresh-post/';
    await db().insertInto('url_items').values({ owner_id: ann.id, url_list_id: world.inputLinkSetId, url: added, anchor: 'fresh post', date_added: now, created_at: now }).execute();
    const second = await newPost(2);
    await db().insertInto('engine_post_targets').values({ owner_id: ann.id, post_id: second, link_set_id: world.inputLinkSetId, url: added, anchor: 'fresh post', anchor_type: 'primary', created_at: now }).execute();
    expect(await compose(second)).toEqual([added]);

    // Found dead since the plan: left out.
    await db().updateTable('url_items').set({ dead_since: now }).where('url', '=', added).execute();
    const third = await newPost(3);
    await db().insertInto('engine_post_targets').values({ owner_id: ann.id, post_id: third, link_set_id: world.inputLinkSetId, url: added, anchor: 'fresh post', anchor_type: 'primary', created_at: now }).execute();
    expect(await compose(third)).toEqual([]);
  });
});
