/**
 * The link health hook (issue 36): onLinkDied hears a link once, after the check that made it dead
 * is committed (two dead checks in a row), with what an alert needs; onLinkRevived when a later
 * check finds it again. A failing listener keeps neither the others nor the check from going on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { onLinkDied, onLinkRevived, type LinkDied, type LinkRevived } from '../../src/engine/verify/link-events';
import { DATABASES } from '../support/databases';
import { usePageBlog } from '../support/page-blog';
import { buildPublishedPost } from '../support/engine-check-factories';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

const MONEY = 'https://money.example.test/landing';
const LIVE = `<p><a href="${MONEY}">landing page</a></p>`;

describe.each(DATABASES)('link died / revived events on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const blog = usePageBlog(skip);
  const unsubscribe: (() => void)[] = [];
  afterEach(() => unsubscribe.splice(0).forEach((off) => off()));

  /** A final check (retries over) of the post at `at`. */
  const verify = (postId: number, at: number) =>
    verifyPost(ctx.server.context, { payload: { ownerId: ann.id, postId, retry: 100 }, signal: new AbortController().signal }, () => at);

  it.skipIf(skip)('tells a link dead once, after the second dead check is committed, and alive again when found', async () => {
    const url = `${blog.url}/events-${Date.now()}/`;
    const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: url, links: [{ url: MONEY, anchor: 'landing page' }] });
    blog.pages.set(new URL(url).pathname, LIVE);
    const died: LinkDied[] = [];
    const revived: LinkRevived[] = [];
    const seenInDatabase: (number | null)[] = [];
    unsubscribe.push(onLinkDied(async (app, event) => {
      if (app !== ctx.server.context) return;
      died.push(event);
      // Committed before the listeners run: the verdict reads back.
      const row = await app.database.db.selectFrom('url_items').select('dead_since').where('id', '=', event.urlItemId).executeTakeFirstOrThrow();
      seenInDatabase.push(row.dead_since === null ? null : Number(row.dead_since));
    }));
    unsubscribe.push(onLinkDied(() => { throw new Error('a broken listener'); }));
    unsubscribe.push(onLinkRevived((app, event) => { if (app === ctx.server.context) revived.push(event); }));

    const t0 = Date.now();
    await verify(post.postId, t0);
    blog.pages.delete(new URL(url).pathname);
    await verify(post.postId, t0 + 60_000);
    expect(died).toEqual([]);
    await verify(post.postId, t0 + 120_000);
    expect(died).toEqual([{ ownerId: ann.id, urlItemId: post.urlItemId, urlListId: post.outputLinkSetId, url, reason: 'GONE', since: t0 + 120_000, httpStatus: 404 }]);
    expect(seenInDatabase).toEqual([t0 + 120_000]);
    // A third dead check changes nothing: still dead, no second event.
    await verify(post.postId, t0 + 180_000);
    expect(died).toHaveLength(1);

    blog.pages.set(new URL(url).pathname, LIVE);
    await verify(post.postId, t0 + 240_000);
    expect(revived).toEqual([{ ownerId: ann.id, urlItemId: post.urlItemId, urlListId: post.outputLinkSetId, url, at: t0 + 240_000, httpStatus: 200 }]);
    expect(died).toHaveLength(1);
  });
});
