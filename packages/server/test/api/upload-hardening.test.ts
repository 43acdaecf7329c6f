import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { multipart, multipartFile } from '../support/multipart';
import { buildLinkSet, storedLinks } from '../support/link-factories';
import { buildProfile, storedAccounts } from '../support/accounts-factories';
import { buildContentGroup } from '../support/project-factories';
import { zipOf } from '../support/content-fixtures';
import { browserHeaders, RawConnection } from '../support/raw-http';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 9, points 2 and 5: uploads never freeze other users and fail cleanly. */
describe.each(DATABASES)('upload hardening on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, env: { ZIP_MAX_EXPANDED_MB: '1', UPLOAD_MAX_MB: '3' } });
  const { ann, bob, baseUrl, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const port = () => Number(new URL(baseUrl()).port);

  /** Locks other connections hold on the table in this test's PostgreSQL schema (an open transaction that wrote it). */
  async function postgresLocksOn(table: string): Promise<number> {
    const pool = ctx.server.database.pgPool!;
    const result = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation join pg_namespace s on s.oid = c.relnamespace
       where s.nspname = $1 and c.relname = $2 and l.pid <> pg_backend_pid()`,
      [ctx.handle.env.DATABASE_SCHEMA, table],
    );
    return result.rows[0]!.n;
  }

  it.skipIf(skip)("answers another user's request while a link file is still being uploaded, holding no transaction meanwhile", async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    const lines = `${Array.from({ length: 6000 }, (_, i) => `https://slow.test/${i}|x|Slow ${i}`).join('\n')}\n`;
    const { body, headers } = multipartFile('links.txt', lines, { contentType: 'text/plain' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${baseUrl()}/action/import/url_list/${linkSet.id}`, {
        method: 'POST', headers: { ...headers, ...browserHeaders(ann.agent), 'content-length': String(body.length) },
      }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      // A slow client: half the file now, the rest after a pause.
      request.write(body.subarray(0, body.length / 2));
      void sleep(1500).then(() => request.end(body.subarray(body.length / 2)));
    });
    await sleep(400);

    const started = Date.now();
    const campaigns = await fetch(`${baseUrl()}/rest/campaigns`, { headers: browserHeaders(bob.agent), signal: AbortSignal.timeout(5000) });
    expect(campaigns.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    if (kind === 'postgres') expect(await postgresLocksOn('url_items')).toBe(0);

    const done = await answer;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toEqual({ added: 6000, skipped: 0, errors: [] });
    expect(await storedLinks(db(), linkSet.id)).toHaveLength(6000);
  });

  it.skipIf(skip)('tells the link set screen how far a file import is, then that it is whole', async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    const inbox = await liveInbox(ann.agent, `url_list/${linkSet.id}`);
    const content = `${Array.from({ length: 5000 }, (_, i) => `https://p.test/${i}`).join('\n')}\n`;
    const { body, headers } = multipartFile('links.txt', content, { contentType: 'text/plain' });
    expect((await ann.agent.request('POST', `/action/import/url_list/${linkSet.id}`, { body, headers })).statusCode).toBe(200);
    await expect.poll(() => inbox.messages).toContainEqual({
      topic: `url_list/${linkSet.id}`, name: 'importProgress',
      payload: { urlListId: linkSet.id, readBytes: content.length, totalBytes: content.length, added: 5000, done: true },
    });
    // The first message comes before any line is written, so even a fast import is seen.
    const progress = inbox.messages.filter((message) => message.name === 'importProgress');
    expect(progress[0]).toEqual({
      topic: `url_list/${linkSet.id}`, name: 'importProgress',
      payload: { urlListId: linkSet.id, readBytes: 0, totalBytes: content.length, added: 0, done: false },
    });
  });

  it.skipIf(skip)('ends the progress it showed when a file import fails, and keeps nothing', async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    const inbox = await liveInbox(ann.agent, `url_list/${linkSet.id}`);
    const content = '\r\n \n\n'; // blank lines only: 422, no link in the file
    const { body, headers } = multipartFile('links.txt', content, { contentType: 'text/plain' });
    expect((await ann.agent.request('POST', `/action/import/url_list/${linkSet.id}`, { body, headers })).statusCode).toBe(422);
    await expect.poll(() => inbox.messages.filter((message) => message.name === 'importProgress').map((message) => message.payload)).toEqual([
      { urlListId: linkSet.id, readBytes: 0, totalBytes: content.length, added: 0, done: false },
      { urlListId: linkSet.id, readBytes: content.length, totalBytes: content.length, added: 0, done: true },
    ]);
    expect(await storedLinks(db(), linkSet.id)).toEqual([]);
  });

  it.skipIf(skip)('answers 400 with a message to a multipart body that is cut short or whose boundary does not match, on all four upload routes', async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), { ownerId: ann.id, campaignId: linkSet.campaignId });
    const group = await buildContentGroup(db(), { ownerId: ann.id });
    const routes = [
      `/action/import/url_list/${linkSet.id}`, `/action/import/profile/${profile.id}`,
      `/rest/upload_raw_articles/${group.id}`, `/rest/upload_raw_articles_file_name_title/${group.id}`,
    ];
    const { body, headers } = multipartFile('upload.txt', 'https://a.test|x|Title\nsite.test,me@a.test,me,secret\nA body line\n', { contentType: 'text/plain' });
    const wrongBoundary = { 'content-type': 'multipart/form-data; boundary=not-the-boundary-of-this-body' };
    // Cut inside the file: the part never ends and the closing boundary never comes.
    const cutShort = body.subarray(0, body.length - 40);
    for (const url of routes) {
      for (const [label, request] of [['wrong boundary', { body, headers: wrongBoundary }], ['cut short', { body: cutShort, headers }]] as const) {
        const response = await ann.agent.request('POST', url, request);
        expect([url, label, response.statusCode, response.json().error.message]).toEqual([url, label, 400, UPLOAD_MESSAGES.malformed]);
      }
    }
    expect(await storedLinks(db(), linkSet.id)).toEqual([]);
    expect(await storedAccounts(db(), profile.id)).toEqual([]);
    expect(await db().selectFrom('articles').select('id').where('content_group_id', '=', group.id).execute()).toEqual([]);
  });

  it.skipIf(skip)('closes the connection of an upload refused before its body was read, so a keep-alive client is answered next', async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    const { body, headers } = multipartFile('links.txt', `${'https://k.test/page\n'.repeat(20_000)}`, { contentType: 'text/plain' });
    const headerLines = (extra: Record<string, string>) => Object.entries({ ...headers, ...extra }).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    const token = ann.agent.cookies.get('XSRF-TOKEN')!;
    const cases: [string, Record<string, string>, number][] = [
      ['no session', { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token }, 401],
      ['no XSRF header', { cookie: browserHeaders(ann.agent).cookie! }, 403],
      ["another user's link set", browserHeaders(bob.agent), 404],
    ];
    for (const [label, extra, status] of cases) {
      const connection = new RawConnection(port());
      try {
        connection.write(`POST /action/import/url_list/${linkSet.id} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}\r\n${headerLines(extra)}\r\n`);
        // A client still sending its upload when the refusal comes; it stops there.
        connection.write(body.subarray(0, 4096));
        const refused = await connection.nextResponse(3000);
        expect([label, refused?.status, refused?.headers.connection]).toEqual([label, status, 'close']);
        // Its next request goes on the same connection unless the server closed it.
        const next = (await connection.closedWithin(1000)) ? new RawConnection(port()) : connection;
        next.write('GET /public/api/app-info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        const answered = await next.nextResponse(3000);
        if (next !== connection) next.destroy();
        expect([label, answered?.status]).toEqual([label, 200]);
      } finally {
        connection.destroy();
      }
    }
    expect(await storedLinks(db(), linkSet.id)).toEqual([]);
  });

  it.skipIf(skip)('counts the ZIP expansion limit over the whole upload, not per archive, importing nothing past it', async () => {
    const group = await buildContentGroup(db(), { ownerId: ann.id });
    // Each archive expands to 0.6 MB: one fits the 1 MB limit, two in one upload do not.
    const archive = (name: string) => zipOf({ [`${name}1.txt`]: `Title ${name}\n${'y'.repeat(300 * 1024)}`, [`${name}2.txt`]: `Title ${name}\n${'y'.repeat(300 * 1024)}` });
    const { body, headers } = multipart([{ name: 'a.zip', content: await archive('a') }, { name: 'b.zip', content: await archive('b') }]);
    const both = await ann.agent.request('POST', `/rest/upload_raw_articles/${group.id}`, { body, headers });
    expect([both.statusCode, both.json().error.message]).toEqual([413, 'b.zip: The ZIP archives of this upload expand past the 1 MB limit']);
    expect(await db().selectFrom('articles').select('id').where('content_group_id', '=', group.id).execute()).toEqual([]);

    const one = multipart([{ name: 'a.zip', content: await archive('a') }]);
    const alone = await ann.agent.request('POST', `/rest/upload_raw_articles/${group.id}`, one);
    expect([alone.statusCode, alone.json()]).toEqual([200, { imported: 2, errors: [] }]);
  });

  it.skipIf(skip)('bounds a whole upload, all its files together, by the size limit; an over-long article is reported without being read whole', async () => {
    const group = await buildContentGroup(db(), { ownerId: ann.id });
    const twoMb = (title: string) => `${title}\n${'z'.repeat(2 * 1024 * 1024)}`;
    const tooMuch = await ann.agent.request('POST', `/rest/upload_raw_articles/${group.id}`, multipart([{ name: 'a.txt', content: twoMb('A') }, { name: 'b.txt', content: twoMb('B') }]));
    expect([tooMuch.statusCode, tooMuch.json().error.message]).toEqual([413, UPLOAD_MESSAGES.tooLarge(3)]);
    expect(await db().selectFrom('articles').select('id').where('content_group_id', '=', group.id).execute()).toEqual([]);

    const response = await ann.agent.request('POST', `/rest/upload_raw_articles/${group.id}`, multipart([{ name: 'huge.txt', content: twoMb('Huge') }, { name: 'ok.txt', content: 'Fine\nBody' }]));
    expect([response.statusCode, response.json()]).toEqual([200, { imported: 1, errors: [{ file: 'huge.txt', message: 'The body is longer than 500000 characters' }] }]);
  });
});
