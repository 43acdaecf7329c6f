/**
 * Backlink verification (engine/verify) and IndexNow submission (engine/indexer) on both
 * databases: the check fields and verified totals in link responses, the post.verify handler
 * against pages served by a local HTTP server, the indexer.submit handler against a stand-in
 * engine that follows the IndexNow documentation, and the public key file.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UrlItemListResponseSchema, type LinkCheckStatus } from '@linkloom/shared';
import { JOB } from '../../src/engine/jobs/job-names';
import { submitIndexerPost } from '../../src/engine/indexer/indexer-submit.job';
import { verifyPost } from '../../src/engine/verify/verify-post.job';
import { readEngineOptions } from '../../src/features/options/options.repository';
import { Agent } from '../support/agent';
import { DATABASES } from '../support/databases';
import { usePageBlog } from '../support/page-blog';
import { buildIndexerRun, buildPublishedPost } from '../support/engine-check-factories';
import { startIndexNowStandIn, type IndexNowStandIn } from '../support/indexnow-stand-in';
import { useTestServer } from '../support/lifecycle';
import { buildLinkSet } from '../support/link-factories';
import { useTwoUsers } from '../support/scenario';

const TARGET = 'https://money.example.test/landing';
const signal = () => new AbortController().signal;

describe.each(DATABASES)('backlink checks and IndexNow on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const blog = usePageBlog(skip);
  const { pages } = blog;
  let standIn: IndexNowStandIn;

  beforeAll(async () => {
    if (skip) return;
    standIn = await startIndexNowStandIn();
    process.env.INDEXNOW_ENDPOINT_OVERRIDE = standIn.endpoint;
  });
  afterAll(async () => {
    if (skip) return;
    delete process.env.INDEXNOW_ENDPOINT_OVERRIDE;
    await standIn.close();
  });

  const links = async (linkSetId: number) => UrlItemListResponseSchema.parse((await ann.agent.request('GET', `/rest/url_items/${linkSetId}`)).json());
  const checkOf = async (linkSetId: number, id: number) => (await links(linkSetId)).urls.find((url) => url.id === id);
  const verify = (ownerId: number, postId: number, retry?: number) =>
    verifyPost(ctx.server.context, { payload: { ownerId, postId, ...(retry === undefined ? {} : { retry }) }, signal: signal() });

  it.skipIf(skip)('presents the check fields of each link and the verified totals of the link set rows', async () => {
    const checked = (checkStatus: LinkCheckStatus, n: number) => ({ url: `https://post${n}.test/`, checkStatus, checkInfo: `info ${n}`, checkedAt: 1_700_000_000_000 + n });
    const linkSet = await buildLinkSet(db(), {
      ownerId: ann.id,
      links: [checked('OK', 1), checked('NOFOLLOW', 2), checked('MISSING', 3), checked('PENDING', 4), checked('ERROR', 5), { url: 'https://manual.test/' }],
    });
    const body = await links(linkSet.id);
    expect(body.urlList).toMatchObject({ count: 6, verified: 2 });
    expect(body.urls.map((url) => [url.checkStatus, url.checkInfo, url.checkedAt])).toEqual([
      ['OK', 'info 1', 1_700_000_000_001], ['NOFOLLOW', 'info 2', 1_700_000_000_002], ['MISSING', 'info 3', 1_700_000_000_003],
      ['PENDING', 'info 4', 1_700_000_000_004], ['ERROR', 'info 5', 1_700_000_000_005], ['NONE', null, null],
    ]);
    const campaign = (await ann.agent.request('GET', `/rest/campaign/${linkSet.campaignId}`)).json();
    expect(campaign.urlLists).toEqual([{ id: linkSet.id, name: linkSet.name, campaignId: linkSet.campaignId, count: 6, verified: 2 }]);
    const renamed = await ann.agent.request('POST', `/rest/url_list/${linkSet.id}`, { body: { name: 'Checked links' } });
    expect(renamed.json()).toEqual({ id: linkSet.id, name: 'Checked links', campaignId: linkSet.campaignId, count: 6, verified: 2 });
    expect((await bob.agent.request('GET', `/rest/url_items/${linkSet.id}`)).statusCode).toBe(404);
  });

  it.skipIf(skip)('verifies published posts: dofollow OK, nofollow NOFOLLOW, removed MISSING, with live linksChecked', async () => {
    pages.set('/ok/', { html: `<article><p>Read <a href="${TARGET}/">our <b>landing</b> page</a>.</p></article>` });
    pages.set('/nofollow/', { html: `<p><a rel="nofollow noopener" href="${TARGET}">landing page</a></p>` });
    pages.set('/removed/', { html: '<p>The link was edited out.</p><!-- <a href="https://money.example.test/landing">landing page</a> -->' });
    const ok = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/ok/`, links: [{ url: TARGET, anchor: 'our landing page' }] });
    const same = { ownerId: ann.id, campaignId: ok.campaignId, outputLinkSetId: ok.outputLinkSetId };
    const nofollow = await buildPublishedPost(db(), { ...same, remoteUrl: `${blog.url}/nofollow/`, links: [{ url: TARGET, anchor: 'landing page' }] });
    const removed = await buildPublishedPost(db(), { ...same, remoteUrl: `${blog.url}/removed/`, links: [{ url: TARGET, anchor: 'landing page' }] });
    const inbox = await liveInbox(ann.agent, `url_list/${ok.outputLinkSetId}`, `campaign/${ok.campaignId}`);

    // Each check's message is awaited before the next check: a message counts the set's verified
    // links when it is told, so a check stored meanwhile would be in its total.
    const checkedMessages = () => inbox.messages.filter((m) => m.name === 'linksChecked').length;
    for (const [n, post] of [ok, nofollow, removed].entries()) {
      await verify(ann.id, post.postId);
      await expect.poll(checkedMessages).toBe(n + 1);
    }

    expect(await checkOf(ok.outputLinkSetId, ok.urlItemId)).toMatchObject({ checkStatus: 'OK', checkInfo: `${TARGET}: dofollow, anchor "our landing page"`, checkedAt: expect.any(Number) });
    expect(await checkOf(ok.outputLinkSetId, nofollow.urlItemId)).toMatchObject({ checkStatus: 'NOFOLLOW', checkInfo: `${TARGET}: rel="nofollow", anchor "landing page"` });
    expect(await checkOf(ok.outputLinkSetId, removed.urlItemId)).toMatchObject({ checkStatus: 'MISSING', checkInfo: `${TARGET}: not found on the page` });
    expect((await links(ok.outputLinkSetId)).urlList).toMatchObject({ count: 3, verified: 2 });

    expect(inbox.messages).toContainEqual({ topic: `url_list/${ok.outputLinkSetId}`, name: 'linksChecked', payload: { urlListId: ok.outputLinkSetId, ids: [ok.urlItemId], verified: 1 } });
    expect(inbox.messages).toContainEqual({ topic: `url_list/${ok.outputLinkSetId}`, name: 'linksChecked', payload: { urlListId: ok.outputLinkSetId, ids: [removed.urlItemId], verified: 2 } });
    expect(inbox.messages).toContainEqual({
      topic: `campaign/${ok.campaignId}`, name: 'urlListEdited', payload: expect.objectContaining({ id: ok.outputLinkSetId, count: 3, verified: 2 }),
    });
  });

  it.skipIf(skip)('tries a page that does not answer yet again (options decide how often), then stores MISSING or ERROR', async () => {
    const saved = await ann.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 } });
    expect(saved.statusCode).toBe(200);
    const gone = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/not-yet/`, links: [{ url: TARGET, anchor: 'landing' }] });
    await verify(ann.id, gone.postId);
    expect(await checkOf(gone.outputLinkSetId, gone.urlItemId)).toMatchObject({
      checkStatus: 'PENDING', checkInfo: 'The page answers 404 Not Found; checking again in 1 s (try 2 of 2)',
    });
    // The next try is queued with its own identity: sending it again finds the one already there.
    const queue = ctx.server.context.queue;
    const queued = await queue.getJob(await queue.send(JOB.postVerify, { ownerId: ann.id, postId: gone.postId, retry: 1 }, { singletonKey: `verify-${gone.postId}-1` }));
    expect(queued).toMatchObject({ name: JOB.postVerify, state: 'created', payload: { ownerId: ann.id, postId: gone.postId, retry: 1 } });
    await verify(ann.id, gone.postId, 1);
    expect(await checkOf(gone.outputLinkSetId, gone.urlItemId)).toMatchObject({
      checkStatus: 'MISSING', checkInfo: 'The page answers 404 Not Found: the post was deleted or is not published',
    });

    const down = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: 'http://127.0.0.1:9/post/', links: [{ url: TARGET, anchor: 'landing' }] });
    await verify(ann.id, down.postId);
    expect((await checkOf(down.outputLinkSetId, down.urlItemId))?.checkStatus).toBe('PENDING');
    await verify(ann.id, down.postId, 1);
    const final = await checkOf(down.outputLinkSetId, down.urlItemId);
    expect(final?.checkStatus).toBe('ERROR');
    expect(final?.checkInfo).toMatch(/^The page could not be fetched.*\(http:\/\/127\.0\.0\.1:9\/post\/\)$/);
  });

  it.skipIf(skip)('options saved between two checks apply to the very next check (the job reads them with the post)', async () => {
    const gone = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/options-now/`, links: [{ url: TARGET, anchor: 'landing' }] });
    expect((await ann.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 2, timeToWaitBeforeRetry: 5 } })).statusCode).toBe(200);
    await verify(ann.id, gone.postId);
    expect((await checkOf(gone.outputLinkSetId, gone.urlItemId))?.checkInfo).toBe('The page answers 404 Not Found; checking again in 5 s (try 2 of 3)');
    // Bob's save between them changes nothing of Ann's.
    expect((await bob.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 } })).statusCode).toBe(200);
    await verify(ann.id, gone.postId);
    expect((await checkOf(gone.outputLinkSetId, gone.urlItemId))?.checkInfo).toBe('The page answers 404 Not Found; checking again in 5 s (try 2 of 3)');
    expect((await ann.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 3, timeToWaitBeforeRetry: 7 } })).statusCode).toBe(200);
    await verify(ann.id, gone.postId);
    expect((await checkOf(gone.outputLinkSetId, gone.urlItemId))?.checkInfo).toBe('The page answers 404 Not Found; checking again in 7 s (try 2 of 4)');
    expect((await ann.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 9 } })).statusCode).toBe(200);
    await verify(ann.id, gone.postId);
    expect((await checkOf(gone.outputLinkSetId, gone.urlItemId))?.checkInfo).toBe('The page answers 404 Not Found; checking again in 9 s (try 2 of 2)');
    await verify(ann.id, gone.postId, 1);
    expect(await checkOf(gone.outputLinkSetId, gone.urlItemId)).toMatchObject({ checkStatus: 'MISSING', checkInfo: 'The page answers 404 Not Found: the post was deleted or is not published' });
  });

  it.skipIf(skip)('two saves within one millisecond: the second still applies to the next check', async () => {
    const gone = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/options-same-ms/`, links: [{ url: TARGET, anchor: 'landing' }] });
    // The process's clock stands still (a fast client, or a clock that stepped back): both saves get the same time.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1_000);
    try {
      expect((await ann.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 2, timeToWaitBeforeRetry: 11 } })).statusCode).toBe(200);
      await verify(ann.id, gone.postId);
      expect((await checkOf(gone.outputLinkSetId, gone.urlItemId))?.checkInfo).toBe('The page answers 404 Not Found; checking again in 11 s (try 2 of 3)');
      expect((await ann.agent.request('POST', '/rest/options', { body: { maxNumberOfRetries: 2, timeToWaitBeforeRetry: 13 } })).statusCode).toBe(200);
      await verify(ann.id, gone.postId);
      expect((await checkOf(gone.outputLinkSetId, gone.urlItemId))?.checkInfo).toBe('The page answers 404 Not Found; checking again in 13 s (try 2 of 3)');
    } finally {
      now.mockRestore();
    }
  });

  it.skipIf(skip)("leaves another user's post and posts that are not published alone", async () => {
    pages.set('/mine/', { html: `<a href="${TARGET}">landing</a>` });
    const post = await buildPublishedPost(db(), { ownerId: ann.id, remoteUrl: `${blog.url}/mine/`, links: [{ url: TARGET, anchor: 'landing' }] });
    await verify(bob.id, post.postId);
    expect((await checkOf(post.outputLinkSetId, post.urlItemId))?.checkStatus).toBe('PENDING');
    await db().updateTable('engine_posts').set({ state: 'failed' }).where('id', '=', post.postId).execute();
    await verify(ann.id, post.postId);
    expect((await checkOf(post.outputLinkSetId, post.urlItemId))?.checkStatus).toBe('PENDING');
    // A payload without a real post never reaches the handler: the queue refuses to send it.
    await expect(ctx.server.context.queue.send(JOB.postVerify, { ownerId: ann.id, postId: 0 })).rejects.toThrow(
      "Job post.verify was not sent: its payload does not match the job's schema (postId: Too small: expected number to be >0)",
    );
  });

  describe('indexer.submit', () => {
    let key: string;
    const job = (ownerId: number, postId: number) => ({ id: `test-${postId}`, name: JOB.indexerSubmit, payload: { ownerId, postId }, attempt: 1, signal: signal() });
    const submit = (ownerId: number, postId: number) => submitIndexerPost({ ctx: ctx.server.context, job: job(ownerId, postId), log: () => undefined });
    const postOf = (id: number) => db().selectFrom('engine_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const projectOf = (id: number) => db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
    const siteRows = (projectId: number) => db().selectFrom('project_sites').select(['site_key', 'status', 'wait_info']).where('project_id', '=', projectId).orderBy('site_key').execute();

    beforeAll(async () => {
      if (skip) return;
      key = (await readEngineOptions(db(), ann.id)).indexNowKey;
    });

    it.skipIf(skip)('serves the IndexNow key file publicly, and 404 for anything else', async () => {
      const anyone = new Agent(ctx.server.app);
      const file = await anyone.request('GET', `/indexnow/${key}.txt`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(file.body).toBe(key);
      for (const path of [`/indexnow/${key}`, '/indexnow/0123456789abcdef.txt', '/indexnow/bad%20key!.txt', `/indexnow/${key}.txt.txt`]) {
        expect((await anyone.request('GET', path)).statusCode, path).toBe(404);
      }
    });

    it.skipIf(skip)('submits the link set host by host to each engine and completes the run', async () => {
      standIn.knownKeys = new Set([key]);
      standIn.received.length = 0;
      const linkSet = await buildLinkSet(db(), {
        ownerId: ann.id,
        links: [{ url: 'https://a.example.test/1' }, { url: 'https://b.example.test/1' }, { url: 'https://a.example.test/2' }, { url: 'www.c.example.test/x' }],
      });
      const run = await buildIndexerRun(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, linkSetId: linkSet.id, engineSiteIds: [2, 3] });
      const inbox = await liveInbox(ann.agent, `project/${run.projectId}`);
      await submit(ann.id, run.postIds[0]!);
      expect(await postOf(run.postIds[0]!)).toMatchObject({ state: 'published', attempts: 1, last_error: null, job_id: null });
      expect(standIn.received.map(({ host, key: sent, keyLocation, urlList }) => ({ host, sent, keyLocation, urlList }))).toEqual([
        { host: 'a.example.test', sent: key, keyLocation: `https://a.example.test/${key}.txt`, urlList: ['https://a.example.test/1', 'https://a.example.test/2'] },
        { host: 'b.example.test', sent: key, keyLocation: `https://b.example.test/${key}.txt`, urlList: ['https://b.example.test/1'] },
        { host: 'www.c.example.test', sent: key, keyLocation: `https://www.c.example.test/${key}.txt`, urlList: ['https://www.c.example.test/x'] },
      ]);
      expect((await projectOf(run.projectId)).status).toBe('RUNNING');
      await submit(ann.id, run.postIds[1]!);
      expect(await projectOf(run.projectId)).toEqual({ status: 'COMPLETED', last_error: '[]' });
      expect(await siteRows(run.projectId)).toEqual([
        { site_key: 'Indexer:2', status: 'SUCCESS', wait_info: '1 of 1 submissions' },
        { site_key: 'Indexer:3', status: 'SUCCESS', wait_info: '1 of 1 submissions' },
      ]);
      await expect.poll(() => inbox.messages.map((m) => m.name)).toEqual(expect.arrayContaining(['siteStatusChanged', 'projectStatusChanged']));
    });

    it.skipIf(skip)('fails a refused key with what to do, an empty link set, and retries a busy engine', async () => {
      standIn.knownKeys = new Set();
      const linkSet = await buildLinkSet(db(), { ownerId: ann.id, links: [{ url: 'https://a.example.test/1' }] });
      const empty = await buildLinkSet(db(), { ownerId: ann.id, campaignId: linkSet.campaignId });
      const refused = await buildIndexerRun(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, linkSetId: linkSet.id, engineSiteIds: [2] });
      await submit(ann.id, refused.postIds[0]!);
      const line = `Bing did not accept the IndexNow key for a.example.test (403 Forbidden): publish the key file at https://a.example.test/${key}.txt (its content is the key) and start the project again. (0 of 1 URLs were submitted to Bing)`;
      expect(await postOf(refused.postIds[0]!)).toMatchObject({ state: 'failed', last_error: line });
      expect(await projectOf(refused.projectId)).toEqual({ status: 'FAILED', last_error: JSON.stringify([line]) });
      expect(await siteRows(refused.projectId)).toEqual([{ site_key: 'Indexer:2', status: 'FAILED', wait_info: '0 of 1 submissions, 1 failed' }]);

      const none = await buildIndexerRun(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, linkSetId: empty.id, engineSiteIds: [1] });
      await submit(ann.id, none.postIds[0]!);
      expect((await postOf(none.postIds[0]!)).last_error).toBe(`The link set "${empty.name}" holds no URLs to submit: add links to it and start the project again`);

      standIn.knownKeys = new Set([key]);
      standIn.busy(1, 30);
      const busy = await buildIndexerRun(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, linkSetId: linkSet.id, engineSiteIds: [3] });
      const before = Date.now();
      await submit(ann.id, busy.postIds[0]!);
      const waiting = await postOf(busy.postIds[0]!);
      expect(waiting).toMatchObject({ state: 'planned', attempts: 1, job_id: null, last_error: 'Yandex is limiting submissions (429 Too Many Requests); they will be tried again later.' });
      expect(Number(waiting.start_after)).toBeGreaterThanOrEqual(before + 30_000);
      await db().updateTable('engine_posts').set({ start_after: null }).where('id', '=', waiting.id).execute();
      await submit(ann.id, busy.postIds[0]!);
      expect(await postOf(busy.postIds[0]!)).toMatchObject({ state: 'published', attempts: 2 });
      expect((await projectOf(busy.projectId)).status).toBe('COMPLETED');
    });

    it.skipIf(skip)("cancels when the run was stopped, and never touches another user's submission", async () => {
      const linkSet = await buildLinkSet(db(), { ownerId: ann.id, links: [{ url: 'https://a.example.test/1' }] });
      const run = await buildIndexerRun(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, linkSetId: linkSet.id, engineSiteIds: [4, 5] });
      await submit(bob.id, run.postIds[0]!);
      expect((await postOf(run.postIds[0]!)).state).toBe('planned');
      await db().updateTable('project_runs').set({ state: 'stopping' }).where('id', '=', run.runId).execute();
      await db().updateTable('projects').set({ status: 'STOPPING' }).where('id', '=', run.projectId).execute();
      await submit(ann.id, run.postIds[0]!);
      await submit(ann.id, run.postIds[1]!);
      expect((await postOf(run.postIds[0]!)).state).toBe('cancelled');
      expect((await projectOf(run.projectId)).status).toBe('STOPPED');
    });
  });
});
