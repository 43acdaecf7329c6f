import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES, MAX_REPORTED_LINE_ERRORS, UrlItemListResponseSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { multipartFile } from '../support/multipart';
import { buildLinkSet, storedLinks } from '../support/link-factories';
import { WORKER_CHUNK_ROWS, WORKER_THREAD_MIN_BYTES } from '../../src/features/link-items/run-link-import';
import { MAX_LINE_LENGTH } from '../../src/platform/files/lines';

/** One line of the file: every 50th is refused (not a URL), every 997th blank (skipped silently). */
function line(n: number): string {
  if (n % 997 === 0) return '   ';
  if (n % 50 === 0) return `not a link ${n}|x|Refused ${n}`;
  return `https://site${n % 97}.thread.test/p/${n}|x|Anchor ${n}|x|${n % 50}`;
}

/**
 * A link file large enough for the import's worker thread (run-link-import.ts), which writes it in
 * small chunks whose transactions go on from one chunk to the next (sqlite-link-chunks.ts) and loads
 * only the batch-line rules: the same counts, refused lines, order, index and progress as ever, and
 * a file that fails halfway keeps nothing, its open transaction rolled back.
 */
describe.each(DATABASES)('a large link file import, on the import thread, on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('adds every valid line in file order, lists the refused ones by number and reports progress to the end', async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    const inbox = await liveInbox(ann.agent, `url_list/${linkSet.id}`);
    const count = 100_000;
    // Line breaks of every style: \n, \r\n and \r.
    const breaks = ['\n', '\r\n', '\r'];
    const content = Array.from({ length: count }, (_, i) => `${line(i + 1)}${breaks[i % 3]}`).join('');
    expect(Buffer.byteLength(content)).toBeGreaterThan(WORKER_THREAD_MIN_BYTES);
    const numbers = Array.from({ length: count }, (_, i) => i + 1);
    const valid = numbers.filter((n) => n % 997 !== 0 && n % 50 !== 0);
    const refused = numbers.filter((n) => n % 997 !== 0 && n % 50 === 0);
    expect(valid.length).toBeGreaterThan(WORKER_CHUNK_ROWS.sqlite * 10);
    expect(refused.length).toBeGreaterThan(MAX_REPORTED_LINE_ERRORS);

    const { body, headers } = multipartFile('links.txt', content, { contentType: 'text/plain' });
    const answer = await ann.agent.request('POST', `/action/import/url_list/${linkSet.id}`, { body, headers });
    expect(answer.statusCode).toBe(200);
    const result = answer.json() as { added: number; skipped: number; errors: { line: number; message: string }[] };
    expect([result.added, result.skipped]).toEqual([valid.length, refused.length]);
    expect(result.errors).toEqual(refused.slice(0, MAX_REPORTED_LINE_ERRORS).map((n) => ({ line: n, message: LINK_MESSAGES.urlInvalid })));

    const stored = await storedLinks(db(), linkSet.id);
    expect(stored.map((link) => link.url)).toEqual(valid.map((n) => `https://site${n % 97}.thread.test/p/${n}`));
    expect(stored.slice(0, 3).map((link) => [link.anchor, link.links_on_page])).toEqual(valid.slice(0, 3).map((n) => [`Anchor ${n}`, n % 50]));
    const page = UrlItemListResponseSchema.parse((await ann.agent.request('GET', `/rest/url_items/${linkSet.id}?url=p/4242&page=1&pageSize=50`)).json());
    expect(page.total).toBe(valid.filter((n) => `https://site${n % 97}.thread.test/p/${n}`.includes('p/4242')).length);
    expect(page.urlList.count).toBe(valid.length);

    await expect.poll(() => inbox.messages.filter((message) => message.name === 'importProgress').at(-1)?.payload).toEqual({
      urlListId: linkSet.id, readBytes: content.length, totalBytes: content.length, added: valid.length, done: true,
    });
    const progress = inbox.messages.filter((message) => message.name === 'importProgress').map((message) => message.payload as { added: number; done: boolean });
    expect(progress[0]).toEqual({ urlListId: linkSet.id, readBytes: 0, totalBytes: content.length, added: 0, done: false });
    expect(progress.map((p) => p.added)).toEqual([...progress.map((p) => p.added)].sort((a, b) => a - b));
    expect(progress.filter((p) => p.done)).toHaveLength(1);
  }, 60_000);

  it.skipIf(skip)('keeps nothing of a file that fails halfway, after chunks were written', async () => {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id });
    const inbox = await liveInbox(ann.agent, `url_list/${linkSet.id}`);
    const before = Array.from({ length: 60_000 }, (_, i) => `${line(i + 1)}\n`).join('');
    const content = `${before}${'x'.repeat(2 * MAX_LINE_LENGTH)}\nhttps://after.test/never|x|Never\n`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(WORKER_THREAD_MIN_BYTES);
    const { body, headers } = multipartFile('links.txt', content, { contentType: 'text/plain' });
    const answer = await ann.agent.request('POST', `/action/import/url_list/${linkSet.id}`, { body, headers });
    expect([answer.statusCode, answer.json().error.message]).toEqual([422, `Line 60001 is longer than ${MAX_LINE_LENGTH} characters: this is not a line-based text file`]);
    expect(await storedLinks(db(), linkSet.id)).toEqual([]);
    expect(await db().selectFrom('pending_imports').select('id').where('target_id', '=', linkSet.id).execute()).toEqual([]);
    await expect.poll(() => inbox.messages.filter((message) => message.name === 'importProgress').at(-1)?.payload).toEqual({
      urlListId: linkSet.id, readBytes: content.length, totalBytes: content.length, added: 0, done: true,
    });
    const page = UrlItemListResponseSchema.parse((await ann.agent.request('GET', `/rest/url_items/${linkSet.id}?page=1`)).json());
    expect([page.total, page.urlList.count]).toEqual([0, 0]);
  }, 60_000);
});
