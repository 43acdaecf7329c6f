/**
 * maxBrowserThreads (General tab) caps the engine's page fetches of backlink verification: at most
 * that many of one user's post pages are fetched at once in a process; another user has their own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { DATABASES } from '../support/databases';
import { buildPublishedPost } from '../support/engine-check-factories';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';

const TARGET = 'https://money.example.test/landing';

describe.each(DATABASES)('maxBrowserThreads caps verification page fetches on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  /** Pages of each user being fetched now, and the most there were at once. */
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  let blog: http.Server;
  let blogUrl: string;
  const page = `<html><body><a href="${TARGET}">landing page</a></body></html>`;

  beforeAll(async () => {
    if (skip) return;
    // Each page answers after a while, so the fetches of one verification round overlap.
    blog = http.createServer((request, response) => {
      const owner = /post-(\d+)-/.exec(request.url ?? '')?.[1] ?? '?';
      const now = (inFlight.get(owner) ?? 0) + 1;
      inFlight.set(owner, now);
      most.set(owner, Math.max(most.get(owner) ?? 0, now));
      setTimeout(() => {
        inFlight.set(owner, (inFlight.get(owner) ?? 1) - 1);
        response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      }, 300);
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (skip) return;
    blog.closeAllConnections();
    await new Promise<void>((resolve) => blog.close(() => resolve()));
  });

  async function verifyAll(ownerId: number, count: number): Promise<Promise<void>[]> {
    const posts = [];
    for (let n = 0; n < count; n += 1) {
      posts.push(await buildPublishedPost(ctx.server.database.db, { ownerId, remoteUrl: `${blogUrl}/post-${ownerId}-${n}/`, links: [{ url: TARGET, anchor: 'landing page' }] }));
    }
    return posts.map((post) => verifyPost(ctx.server.context, { payload: { ownerId, postId: post.postId }, signal: new AbortController().signal }));
  }

  it.skipIf(skip)('fetches at most maxBrowserThreads of a user\'s pages at once, each user on their own', async () => {
    expect((await ann.agent.request('POST', '/rest/options', { body: { maxBrowserThreads: 2 } })).statusCode).toBe(200);
    expect((await bob.agent.request('POST', '/rest/options', { body: { maxBrowserThreads: 1 } })).statusCode).toBe(200);
    const runs = [...(await verifyAll(ann.id, 5)), ...(await verifyAll(bob.id, 3))];
    await Promise.all(runs);
    expect(most.get(String(ann.id))).toBe(2);
    expect(most.get(String(bob.id))).toBe(1);
    const checked = await ctx.server.database.db.selectFrom('url_items').select('check_status').where('owner_id', 'in', [ann.id, bob.id]).where('post_id', 'is not', null).execute();
    expect(checked.map((row) => row.check_status)).toEqual(Array(8).fill('OK'));
  });
});
