/**
 * A post an earlier try made arrives on the site late (issue 34 item 2), on both databases, with a
 * local WordPress stand-in: the try recorded its intent (the title's slug), then a later try was
 * refused surely unposted (HTTP 429) and left the post `planned`; meanwhile the first request's
 * post appeared under the recorded slug. The next try finds the slug taken, asks the site for the
 * recorded intent before choosing another name, and records the post it finds: no second post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRunJob } from '../../src/engine/runner/project-run.job';
import { postPublishJob } from '../../src/engine/runner/post-publish.job';
import { startProjectRun } from '../../src/engine/runner/start-project-run';
import { saveOptions } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { startWordPressStandIn, type WordPressStandIn } from '../support/wordpress-stand-in';

const signal = () => new AbortController().signal;

describe.each(DATABASES)('a post that arrives late is found, not made again, on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  let blog: WordPressStandIn;

  beforeAll(async () => {
    if (skip) return;
    blog = await startWordPressStandIn();
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 2, timeToWaitBeforeRetry: 1 });
  });
  afterAll(async () => {
    if (skip) return;
    await blog?.close();
  });

  it.skipIf(skip)('the recorded name taken when the post is tried again: the site is asked for the recorded intent first', async () => {
    const w = await buildPrivateProjectWorld(db(), ann.id, [{ url: blog.url, username: 'admin', password: 'app password' }], {
      article: { title: 'Late tomatoes', body: 'Pinch out the side shoots.\n\nWater the pots every evening.' },
    });
    await startProjectRun(ctx.server.context, ann.id, w.projectId, { from: ['NEW'] });
    const run = await db().selectFrom('project_runs').select('id').where('project_id', '=', w.projectId).executeTakeFirstOrThrow();
    await projectRunJob(ctx.server.context).handler({ id: 'run-1', name: 'project.run', payload: { ownerId: ann.id, projectId: w.projectId, runId: run.id }, attempt: 1, signal: signal() });
    const planned = await db().selectFrom('engine_posts').select('id').where('project_id', '=', w.projectId).executeTakeFirstOrThrow();

    // A try refused surely unposted: the post is `planned` again, its intent recorded.
    blog.limitNextCreates = 1;
    const publish = postPublishJob(ctx.server.context);
    await publish.handler({ id: 'publish-1', name: 'post.publish', payload: { ownerId: ann.id, postId: planned.id }, attempt: 1, signal: signal() });
    const refused = await db().selectFrom('engine_posts').selectAll().where('id', '=', planned.id).executeTakeFirstOrThrow();
    expect(refused).toMatchObject({ state: 'planned', attempts: 1, intent_name: 'late-tomatoes', intent_title: 'Late tomatoes' });
    const requests = blog.publishRequests;

    // An earlier request of this post (held somewhere on the way) is saved now, under the recorded slug.
    const now = Date.now();
    blog.posts.push({ id: 9001, slug: 'late-tomatoes', title: 'Late tomatoes', createdMs: now, content: '<p>late</p>', link: `${blog.url}/late-tomatoes/`, deleted: false });

    // The retry's wait is over.
    await db().updateTable('engine_posts').set({ not_before: null }).where('id', '=', planned.id).execute();
    await publish.handler({ id: refused.job_id!, name: 'post.publish', payload: { ownerId: ann.id, postId: planned.id }, attempt: 1, signal: signal() });
    const done = await db().selectFrom('engine_posts').select(['state', 'remote_id', 'remote_url']).where('id', '=', planned.id).executeTakeFirstOrThrow();
    expect(done).toEqual({ state: 'published', remote_id: '9001', remote_url: `${blog.url}/late-tomatoes/` });
    expect(blog.publishRequests).toBe(requests);
    expect(blog.posts.filter((post) => post.title === 'Late tomatoes')).toHaveLength(1);
  });
});
