/**
 * The run log (issue 35 item 2), on both databases, through the real engine posting to local
 * WordPress stand-ins: per site what was sent, a retry after the site's refusal, the post's address
 * once it is up, and a giving-up line; newest first, one site's lines, pages of 100, live on the
 * project's topic; another user's project is a 404 and a bad query a 422.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RUN_LOG_MESSAGES, RUN_LOG_PAGE, RunLogPageSchema, type RunLogEntry } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { freePort } from '../support/server-process';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { saveOptions } from '../../src/features/options/options.repository';
import { untilWithin } from '../support/until';
import { standInLogin, useWordPressStandIns } from '../support/wordpress-stand-in';

const until = untilWithin(30_000);

describe.each(DATABASES)('the run log on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const blogs = useWordPressStandIns(2, skip);
  beforeAll(async () => {
    if (skip) return;
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
  });

  const login = (url: string) => standInLogin({ url });
  const readLog = async (projectId: number, query = '') => {
    const answer = await ann.agent.request('GET', `/rest/project/${projectId}/run_log${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return RunLogPageSchema.parse(answer.json());
  };
  const ended = (id: number) => until(`project ${id} to end`, async () => {
    const row = await db().selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) && row.status;
  });

  it.skipIf(skip)('tells per site what was sent, the retry after a refusal, the post once up and what was given up, live too', async () => {
    const [first, second] = blogs;
    const deadUrl = `http://127.0.0.1:${await freePort()}`;
    const w = await buildPrivateProjectWorld(db(), ann.id, [login(first!.url), login(second!.url), login(deadUrl)]);
    const [siteA, siteB, siteC] = w.sites;
    const inbox = await liveInbox(ann.agent, `project/${w.projectId}`);
    // The second blog refuses the first try (down for maintenance), then takes the post.
    second!.refuseNextCreates = 1;
    expect((await ann.agent.request('GET', `/action/start/project/${w.projectId}`)).statusCode).toBe(200);
    expect(await ended(w.projectId)).toBe('FAILED');

    const oldestFirst = (entries: RunLogEntry[]) => [...entries].reverse().map(({ kind: k, message, url }) => ({ kind: k, message, url }));
    const a = await readLog(w.projectId, `?siteKey=${encodeURIComponent(siteA!.key)}`);
    const postA = first!.posts[0]!;
    expect(oldestFirst(a.entries)).toEqual([
      { kind: 'sent', message: RUN_LOG_MESSAGES.sent(postA.title, 1, 2), url: null },
      { kind: 'published', message: RUN_LOG_MESSAGES.published, url: postA.link },
    ]);
    expect(a.more).toBe(false);
    const b = oldestFirst((await readLog(w.projectId, `?siteKey=${encodeURIComponent(siteB!.key)}`)).entries);
    const postB = second!.posts[0]!;
    expect(b.map((line) => line.kind)).toEqual(['sent', 'retry', 'sent', 'published']);
    expect(b[1]!.message).toMatch(/^.*503.* — retry 1 of 1 planned$/);
    // The site's own words ("Down for maintenance") are not repeated.
    expect(b[1]!.message).not.toContain('maintenance');
    expect(b[2]!.message).toBe(RUN_LOG_MESSAGES.sent(postB.title, 2, 2));
    expect(b[3]).toEqual({ kind: 'published', message: RUN_LOG_MESSAGES.published, url: postB.link });
    const c = oldestFirst((await readLog(w.projectId, `?siteKey=${encodeURIComponent(siteC!.key)}`)).entries);
    expect(c.map((line) => line.kind)).toEqual(['sent', 'retry', 'sent', 'failed']);
    expect(c[3]!.message).toMatch(/^Gave up: .*connection refused/);

    // All sites together, newest first, every line naming its site's address.
    const all = await readLog(w.projectId);
    expect(all.entries).toHaveLength(10);
    expect(all.entries.map((entry) => entry.id)).toEqual([...all.entries.map((entry) => entry.id)].sort((x, y) => y - x));
    expect(new Set(all.entries.map((entry) => entry.site))).toEqual(new Set([first!.url, second!.url, deadUrl]));
    // The same lines came live.
    await until('every line live', async () => inbox.messages.filter((m) => m.name === 'runLogged').length >= 10);
    const live = inbox.messages.filter((m) => m.name === 'runLogged').flatMap((m) => (m.payload as { entries: RunLogEntry[] }).entries);
    expect(live.map((entry) => entry.id).sort()).toEqual(all.entries.map((entry) => entry.id).sort());
  });

  it.skipIf(skip)('pages of 100 lines, newest first; 404 for another user, 422 for a bad query', async () => {
    const w = await buildPrivateProjectWorld(db(), ann.id, [login(blogs[0]!.url)]);
    const run = await db().insertInto('project_runs').values({ owner_id: ann.id, project_id: w.projectId, state: 'completed', started_at: 1, created_at: 1 }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('run_log').values(Array.from({ length: 150 }, (_, n) => ({
      owner_id: ann.id, project_id: w.projectId, run_id: run.id, post_id: null, site_key: w.sites[0]!.key, site: blogs[0]!.url,
      at: 1_000 + n, kind: 'sent', message: `line ${n}`, url: null, created_at: 1,
    }))).execute();
    const page1 = await readLog(w.projectId);
    expect(page1.entries).toHaveLength(RUN_LOG_PAGE);
    expect(page1.more).toBe(true);
    expect(page1.entries[0]!.message).toBe('line 149');
    const page2 = await readLog(w.projectId, `?before=${page1.entries.at(-1)!.id}`);
    expect(page2.entries.map((entry) => entry.message)).toEqual(Array.from({ length: 50 }, (_, n) => `line ${49 - n}`));
    expect(page2.more).toBe(false);
    expect((await readLog(w.projectId, '?siteKey=nobody')).entries).toEqual([]);

    expect((await bob.agent.request('GET', `/rest/project/${w.projectId}/run_log`)).statusCode).toBe(404);
    expect((await ann.agent.request('GET', `/rest/project/${w.projectId}/run_log?before=abc`)).statusCode).toBe(422);
    expect((await ann.agent.request('GET', '/rest/project/99999999/run_log')).statusCode).toBe(404);
  });
});
