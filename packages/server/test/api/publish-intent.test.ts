/**
 * The publish intent on both databases (issue 34 item 2, migration 0038): committing `publishing`
 * records the title, the name on the site, the site and the time; no two posts of the installation
 * can intend one name on one site (the second is told 'nameTaken', and nothing of its attempt is
 * kept: no article use, no attempt); names other posts intend are what chooseName is told are
 * claimed; a retry that keeps its name keeps its time.
 */
import { describe, expect, it } from 'vitest';
import { ContentProjectFormSchema } from '@linkloom/shared';
import type { ClaimedNames, Connector } from '../../src/engine/connectors/connector';
import { composePost } from '../../src/engine/runner/compose-post';
import { beginPublishing } from '../../src/engine/runner/post-publish.repository';
import { chooseIntent, claimedNames, intentSite, recordedIntent } from '../../src/engine/runner/publish-intent';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

const SITE = 'http://127.0.0.1:9/Blog/';

/** A connector that only names posts: the first of `names` the claims leave free (the site has none of them). */
function namingConnector(names: string[]): Connector {
  return {
    platform: 'WordPress',
    publish: () => Promise.reject(new Error('not called')),
    findPublished: () => Promise.resolve(null),
    chooseName: async (_target, _post, claimed: ClaimedNames) => {
      const taken = await claimed(names);
      const free = names.find((name) => !taken.has(name));
      if (free === undefined) throw new Error('every name is claimed');
      return free;
    },
  };
}

describe.each(DATABASES)('the publish intent on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('is recorded with publishing; one name per site; claimed names are told to the connector; a kept name keeps its time', async () => {
    const world = await buildPrivateProjectWorld(db(), ann.id, [{ url: SITE, username: 'admin', password: 'unused' }], { linksPerPost: 1 });
    const form = ContentProjectFormSchema.parse(world.form);
    const now = Date.now();
    const run = await db().insertInto('project_runs').values({ owner_id: ann.id, project_id: world.projectId, state: 'running', started_at: now, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const rows = [];
    for (const seq of [1, 2]) {
      const inserted = await db().insertInto('engine_posts').values({
        owner_id: ann.id, project_id: world.projectId, run_id: run.id, site_key: world.sites[0]!.key, seq,
        idempotency_key: `intent-${world.projectId}-${seq}`, job_id: 'intent-job', created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      rows.push(await db().selectFrom('engine_posts').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow());
    }
    const [first, second] = rows as [typeof rows[number], typeof rows[number]];
    const target = { siteUrl: SITE, username: 'admin', password: 'unused' };
    const connector = namingConnector(['garden-basics', 'garden-basics-compost']);
    const composed = await composePost(db(), ann.id, form, null, first);
    if (!composed.ok) throw new Error(composed.error);

    const intent = await chooseIntent(db(), connector, target, first, { title: 'Garden basics', html: '<p>x</p>' }, { timeoutMs: 1000 });
    expect(intent).toMatchObject({ title: 'Garden basics', name: 'garden-basics', site: intentSite(SITE) });
    expect(intent.site).toBe('http://127.0.0.1:9/blog');
    expect(await beginPublishing(db(), first, 'intent-job', composed.post, null, intent, now)).toBe('ok');
    const recorded = await db().selectFrom('engine_posts').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ state: 'publishing', attempts: 1, intent_title: 'Garden basics', intent_name: 'garden-basics', intent_site: intent.site, intent_at: intent.at });
    expect(recordedIntent(recorded, 'WordPress')).toEqual({ title: 'Garden basics', name: 'garden-basics', at: intent.at });

    // The second post is told the first's name is claimed, and takes the next.
    expect(await claimedNames(db(), intent.site, second.id)(['garden-basics', 'garden-basics-compost'])).toEqual(new Set(['garden-basics']));
    expect(await claimedNames(db(), intent.site, first.id)(['garden-basics'])).toEqual(new Set());
    expect((await chooseIntent(db(), connector, target, second, { title: 'Garden basics', html: '<p>x</p>' }, { timeoutMs: 1000 })).name).toBe('garden-basics-compost');

    // Recording the same name on the same site for another post is refused, and nothing of it stays.
    const usedBefore = await db().selectFrom('articles').select(['id', 'usage_count']).where('content_group_id', '=', world.contentGroupId).orderBy('id').execute();
    const clash = { ...intent, at: now + 5 };
    const composedSecond = await composePost(db(), ann.id, form, null, second);
    if (!composedSecond.ok) throw new Error(composedSecond.error);
    expect(await beginPublishing(db(), second, 'intent-job', composedSecond.post, null, clash, now)).toBe('nameTaken');
    expect(await db().selectFrom('engine_posts').select(['state', 'attempts', 'intent_name']).where('id', '=', second.id).executeTakeFirstOrThrow())
      .toEqual({ state: 'planned', attempts: 0, intent_name: null });
    expect(await db().selectFrom('articles').select(['id', 'usage_count']).where('content_group_id', '=', world.contentGroupId).orderBy('id').execute()).toEqual(usedBefore);
    // The same name on another site is another name.
    expect(await beginPublishing(db(), second, 'intent-job', composedSecond.post, null, { ...clash, site: 'http://other.example' }, now)).toBe('ok');

    // A retry that keeps its name keeps the time first recorded; another name gets a new time.
    const again = await chooseIntent(db(), connector, target, recorded, { title: 'Garden basics', html: '<p>x</p>' }, { timeoutMs: 1000 });
    expect(again).toMatchObject({ name: 'garden-basics', at: intent.at });
    // The copy of a re-published post never takes its original's name.
    const copy = await chooseIntent(db(), connector, target, { ...recorded, intent_at: null }, { title: 'Garden basics', html: '<p>x</p>' }, { timeoutMs: 1000 }, 'garden-basics');
    expect(copy.name).toBe('garden-basics-compost');
  });
});
