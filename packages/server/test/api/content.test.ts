import { describe, expect, it } from 'vitest';
import {
  ARTICLE_IMPORT_MESSAGES, ArticleResponseSchema, CONTENT_MESSAGES, ContentGroupListResponseSchema, ContentGroupResponseSchema,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { type Agent } from '../support/agent';
import { recorder, subscribe } from '../support/live-client';
import { PNG_BYTES, zipOf, zipSlip } from '../support/content-fixtures';
import { multipart, type UploadPart } from '../support/multipart';

const NOT_FOUND = 'The requested item does not exist';

describe.each(DATABASES)('content groups and articles on $kind', ({ kind, skip }) => {
  // A low expansion limit (1 MB) so a small ZIP bomb can prove the limit holds.
  const ctx = useTestServer(kind, skip, { withLive: true, env: { ZIP_MAX_EXPANDED_MB: '1' } });
  const { ann, bob, connectedSocket } = useTwoUsers(ctx, skip, { listen: true });

  async function createGroup(agent: Agent, name: string): Promise<number> {
    const response = await agent.request('PUT', '/rest/content_groups', { body: { name } });
    expect(response.statusCode).toBe(200);
    return response.json().id as number;
  }
  async function group(agent: Agent, id: number) {
    return ContentGroupResponseSchema.parse((await agent.request('GET', `/rest/content_group/${id}`)).json());
  }
  function upload(agent: Agent, groupId: number, parts: UploadPart[], fileNameTitle = false) {
    const { body, headers } = multipart(parts);
    const path = fileNameTitle ? 'upload_raw_articles_file_name_title' : 'upload_raw_articles';
    return agent.request('POST', `/rest/${path}/${groupId}`, { body, headers });
  }
  async function saveArticle(agent: Agent, body: Record<string, unknown>) {
    return agent.request('POST', '/rest/article', { body });
  }
  const fields = { title: 'T', body: 'B', authorName: 'A', authorBio: 'Bio' };

  it.skipIf(skip)('creates, lists, renames and deletes groups with the spec messages; another user gets 404', async () => {
    const id = await createGroup(ann.agent, '  Health  ');
    const list = ContentGroupListResponseSchema.parse((await ann.agent.request('GET', '/rest/content_groups')).json());
    expect(list.content_groups).toContainEqual({ id, name: 'Health', count: 0 });
    expect((await bob.agent.request('GET', '/rest/content_groups')).json().content_groups).toEqual([]);

    for (const name of ['', '   ']) {
      const bad = await ann.agent.request('PUT', '/rest/content_groups', { body: { name } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.message).toBe(CONTENT_MESSAGES.groupNameRequired);
    }
    expect((await ann.agent.request('PUT', '/rest/content_groups', { body: {} })).json().error.message).toBe(CONTENT_MESSAGES.groupNameRequired);

    expect((await ann.agent.request('POST', '/action/rename/content_group', { body: { id, name: 'Fitness' } })).statusCode).toBe(200);
    const badRename = await ann.agent.request('POST', '/action/rename/content_group', { body: { id, name: '' } });
    expect(badRename.json().error.message).toBe(CONTENT_MESSAGES.groupNameRequired);
    const bobRename = await bob.agent.request('POST', '/action/rename/content_group', { body: { id, name: 'Stolen' } });
    expect([bobRename.statusCode, bobRename.json().error.message]).toEqual([404, NOT_FOUND]);
    expect((await group(ann.agent, id)).contentGroup.name).toBe('Fitness');

    const bobDelete = await bob.agent.request('DELETE', '/rest/content_groups', { body: { ids: [id] } });
    expect(bobDelete.statusCode).toBe(404);
    const other = await createGroup(ann.agent, 'Other');
    // All or nothing: one id that is not Ann's keeps every group.
    expect((await ann.agent.request('DELETE', '/rest/content_groups', { body: { ids: [other, 999_999] } })).statusCode).toBe(404);
    expect((await ann.agent.request('DELETE', '/rest/content_groups', { body: { ids: [] } })).json().error.message).toBe('Select at least one item');
    expect((await group(ann.agent, other)).contentGroup.id).toBe(other);
    expect((await ann.agent.request('DELETE', '/rest/content_groups', { body: { ids: [id, other] } })).statusCode).toBe(200);
    expect((await ann.agent.request('GET', `/rest/content_group/${id}`)).statusCode).toBe(404);
  });

  it.skipIf(skip)('saves settings with the spec message for maxUsagePerArticle', async () => {
    const id = await createGroup(ann.agent, 'Settings');
    expect((await group(ann.agent, id)).contentGroup).toEqual({ id, name: 'Settings', count: 0, wordsNottobeChanged: '', maxUsagePerArticle: 0 });
    const ok = await ann.agent.request('POST', '/rest/content_groups', { body: { id, wordsNottobeChanged: 'brand, Acme', maxUsagePerArticle: 3 } });
    expect(ok.statusCode).toBe(200);
    expect((await group(ann.agent, id)).contentGroup).toMatchObject({ wordsNottobeChanged: 'brand, Acme', maxUsagePerArticle: 3 });
    for (const maxUsagePerArticle of [-1, 1.5, null, 'x']) {
      const bad = await ann.agent.request('POST', '/rest/content_groups', { body: { id, wordsNottobeChanged: '', maxUsagePerArticle } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.message).toBe(CONTENT_MESSAGES.maxUsage);
    }
    const bobSave = await bob.agent.request('POST', '/rest/content_groups', { body: { id, wordsNottobeChanged: 'x', maxUsagePerArticle: 9 } });
    expect(bobSave.statusCode).toBe(404);
    expect((await group(ann.agent, id)).contentGroup).toMatchObject({ wordsNottobeChanged: 'brand, Acme', maxUsagePerArticle: 3 });
    expect((await bob.agent.request('GET', `/rest/content_group/${id}`)).statusCode).toBe(404);
  });

  it.skipIf(skip)('creates, opens, saves and deletes articles; every field required with its message', async () => {
    const groupId = await createGroup(ann.agent, 'Articles');
    const blank = ArticleResponseSchema.parse((await ann.agent.request('GET', `/rest/new_article/${groupId}`)).json());
    expect(blank).toMatchObject({ article: { id: null, title: '', body: '' }, contentGroup: { id: groupId, name: 'Articles' } });
    // The built-in article builder's real categories, as the spec's JSON text (issue 16).
    expect(JSON.parse(blank.articleBuilderCategories)).toContainEqual({ id: 5, name: 'Energy and fuel' });

    const created = await saveArticle(ann.agent, { contentGroupId: groupId, title: 'First', body: '<p>Hello</p>', authorName: 'Ann', authorBio: 'Writer' });
    expect(created.statusCode).toBe(200);
    const articleId = created.json().id as number;
    const opened = ArticleResponseSchema.parse((await ann.agent.request('GET', `/rest/article/${articleId}`)).json());
    expect(opened.article).toEqual({ id: articleId, title: 'First', body: '<p>Hello</p>', authorName: 'Ann', authorBio: 'Writer', usageCount: 0 });
    expect(opened.contentGroup.count).toBe(1);

    const cases: [string, string][] = [
      ['title', CONTENT_MESSAGES.titleRequired], ['body', CONTENT_MESSAGES.bodyRequired],
      ['authorName', CONTENT_MESSAGES.authorNameRequired], ['authorBio', CONTENT_MESSAGES.authorBioRequired],
    ];
    for (const [field, message] of cases) {
      const bad = await saveArticle(ann.agent, { id: articleId, contentGroupId: groupId, ...fields, [field]: ' ' });
      expect(bad.statusCode, field).toBe(422);
      expect(bad.json().error.message).toBe(message);
    }
    expect(CONTENT_MESSAGES.titleRequired).toBe('Title is required');

    expect((await saveArticle(ann.agent, { id: articleId, contentGroupId: groupId, ...fields, title: 'Second' })).json()).toEqual({ id: articleId });
    expect((await group(ann.agent, groupId)).articles).toEqual([{ id: articleId, title: 'Second', usageCount: 0, authorMissing: false }]);

    // Bob can neither read, overwrite, add to nor delete from Ann's group.
    expect((await bob.agent.request('GET', `/rest/article/${articleId}`)).statusCode).toBe(404);
    expect((await bob.agent.request('GET', `/rest/new_article/${groupId}`)).statusCode).toBe(404);
    const bobGroup = await createGroup(bob.agent, 'Bob');
    expect((await saveArticle(bob.agent, { id: articleId, contentGroupId: bobGroup, ...fields, title: 'Hacked' })).statusCode).toBe(404);
    expect((await saveArticle(bob.agent, { contentGroupId: groupId, ...fields })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', `/rest/article/${groupId}`, { body: { ids: [articleId] } })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', `/rest/article/${bobGroup}`, { body: { ids: [articleId] } })).statusCode).toBe(404);
    expect((await group(ann.agent, groupId)).articles).toEqual([{ id: articleId, title: 'Second', usageCount: 0, authorMissing: false }]);

    expect((await ann.agent.request('DELETE', `/rest/article/${groupId}`, { body: { ids: [articleId] } })).statusCode).toBe(200);
    expect((await group(ann.agent, groupId)).articles).toEqual([]);
  });

  it.skipIf(skip)('uploads several files, a ZIP, and titles from file names; empty files are reported', async () => {
    const groupId = await createGroup(ann.agent, 'Uploads');
    const several = await upload(ann.agent, groupId, [
      { name: 'one.txt', content: 'First title\r\nFirst body\r\nmore' },
      { name: 'two.txt', content: '\n\nSecond title\nSecond body' },
      { name: 'empty.txt', content: '  \n' },
    ]);
    expect(several.statusCode).toBe(200);
    expect(several.json()).toEqual({ imported: 2, errors: [{ file: 'empty.txt', message: ARTICLE_IMPORT_MESSAGES.empty }] });

    const zip = await zipOf({ 'a.txt': 'Zip A\nBody A', 'folder/b.txt': 'Zip B\nBody B', 'c.txt': 'Title only' });
    const zipped = await upload(ann.agent, groupId, [{ name: 'articles.zip', content: zip }]);
    expect(zipped.json()).toEqual({ imported: 2, errors: [{ file: 'articles.zip/c.txt', message: ARTICLE_IMPORT_MESSAGES.noBody }] });

    const byName = await upload(ann.agent, groupId, [{ name: 'My post.txt', content: 'Line 1\nLine 2' }], true);
    expect(byName.json()).toEqual({ imported: 1, errors: [] });

    const titles = (await group(ann.agent, groupId)).articles.map((a) => a.title);
    expect(titles).toEqual(['First title', 'Second title', 'Zip A', 'Zip B', 'My post']);
    const first = (await group(ann.agent, groupId)).articles[0]!;
    expect(ArticleResponseSchema.parse((await ann.agent.request('GET', `/rest/article/${first.id}`)).json()).article.body).toBe('First body\r\nmore');
    const last = (await group(ann.agent, groupId)).articles[4]!;
    expect(ArticleResponseSchema.parse((await ann.agent.request('GET', `/rest/article/${last.id}`)).json()).article.body).toBe('Line 1\nLine 2');
    expect((await ann.agent.request('GET', '/rest/content_groups')).json().content_groups).toContainEqual({ id: groupId, name: 'Uploads', count: 5 });
  });

  it.skipIf(skip)('uploaded articles are marked as lacking an author; one author name and bio completes several at once, all or nothing', async () => {
    const groupId = await createGroup(ann.agent, 'Authors');
    const otherGroup = await createGroup(ann.agent, 'Other');
    expect((await upload(ann.agent, groupId, [{ name: 'a.txt', content: 'A\nBody a' }, { name: 'b.txt', content: 'B\nBody b' }])).statusCode).toBe(200);
    const written = await saveArticle(ann.agent, { contentGroupId: groupId, ...fields, title: 'Written' });
    const [a, b] = (await group(ann.agent, groupId)).articles;
    expect((await group(ann.agent, groupId)).articles.map((row) => [row.title, row.authorMissing])).toEqual([['A', true], ['B', true], ['Written', false]]);
    const inOther = (await saveArticle(ann.agent, { contentGroupId: otherGroup, ...fields })).json().id as number;
    const setAuthor = (agent: Agent, id: number, body: Record<string, unknown>) => agent.request('POST', `/rest/article_author/${id}`, { body });

    // The spec's required messages; another group's, another user's or a missing id: 404, nothing changes.
    const noName = await setAuthor(ann.agent, groupId, { ids: [a!.id], authorName: ' ', authorBio: 'Bio' });
    expect([noName.statusCode, noName.json().error.message]).toEqual([422, CONTENT_MESSAGES.authorNameRequired]);
    const noBio = await setAuthor(ann.agent, groupId, { ids: [a!.id], authorName: 'Ann' });
    expect([noBio.statusCode, noBio.json().error.message]).toEqual([422, CONTENT_MESSAGES.authorBioRequired]);
    expect((await setAuthor(ann.agent, groupId, { ids: [a!.id, inOther], authorName: 'Ann', authorBio: 'Bio' })).statusCode).toBe(404);
    expect((await setAuthor(ann.agent, groupId, { ids: [a!.id, 999_999], authorName: 'Ann', authorBio: 'Bio' })).statusCode).toBe(404);
    expect((await setAuthor(bob.agent, groupId, { ids: [a!.id], authorName: 'Bob', authorBio: 'Bio' })).statusCode).toBe(404);
    expect((await group(ann.agent, groupId)).articles.filter((row) => row.authorMissing)).toHaveLength(2);

    const done = await setAuthor(ann.agent, groupId, { ids: [a!.id, b!.id], authorName: 'Ann Writer', authorBio: 'Writes about gardens' });
    expect([done.statusCode, done.json()]).toEqual([200, { updated: 2 }]);
    expect((await group(ann.agent, groupId)).articles.every((row) => !row.authorMissing)).toBe(true);
    const opened = ArticleResponseSchema.parse((await ann.agent.request('GET', `/rest/article/${b!.id}`)).json());
    expect(opened.article).toMatchObject({ title: 'B', authorName: 'Ann Writer', authorBio: 'Writes about gardens' });
    expect(written.statusCode).toBe(200);
  });

  it.skipIf(skip)('refuses a binary file, a ZIP slip, a ZIP bomb and a broken ZIP, importing nothing', async () => {
    const groupId = await createGroup(ann.agent, 'Refusals');
    const good = { name: 'good.txt', content: 'Good\nBody' };
    const binary = await upload(ann.agent, groupId, [good, { name: 'photo.txt', content: PNG_BYTES }]);
    expect(binary.statusCode).toBe(422);
    expect(binary.json().error.message).toBe(ARTICLE_IMPORT_MESSAGES.notText('photo.txt'));

    const binaryInZip = await upload(ann.agent, groupId, [{ name: 'mixed.zip', content: await zipOf({ 'a.txt': 'A\nB', 'img.png': PNG_BYTES }) }]);
    expect(binaryInZip.json().error.message).toBe(ARTICLE_IMPORT_MESSAGES.notText('mixed.zip/img.png'));

    const slip = await upload(ann.agent, groupId, [good, { name: 'slip.zip', content: await zipSlip() }]);
    expect(slip.statusCode).toBe(400);
    expect(slip.json().error.message).toBe('slip.zip: The ZIP archive holds a path outside itself: ../evil.txt');

    const bomb = await upload(ann.agent, groupId, [good, { name: 'bomb.zip', content: await zipOf({ 'big.txt': `Big\n${'x'.repeat(2 * 1024 * 1024)}` }) }]);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error.message).toBe('bomb.zip: The ZIP archives of this upload expand past the 1 MB limit');

    const broken = await upload(ann.agent, groupId, [{ name: 'broken.zip', content: 'not a zip' }]);
    expect(broken.json().error.message).toBe('broken.zip: The file is not a valid ZIP archive');

    expect((await group(ann.agent, groupId)).articles).toEqual([]);
    const bobUpload = await upload(bob.agent, groupId, [good]);
    expect(bobUpload.statusCode).toBe(404);
    expect((await group(ann.agent, groupId)).articles).toEqual([]);
    const noFile = await ann.agent.request('POST', `/rest/upload_raw_articles/${groupId}`, { body: {} });
    expect(noFile.statusCode).toBe(406);
  });

  it.skipIf(skip)('publishes live messages on content_groups and content_group/{id}', async () => {
    const socket = await connectedSocket(ann.agent);
    const inbox = recorder(socket);
    expect(await subscribe(socket, 'content_groups')).toEqual({ ok: true });
    const created = inbox.next();
    const id = await createGroup(ann.agent, 'Live');
    expect(await created).toEqual({ topic: 'content_groups', name: 'newContentGroup', payload: { id, name: 'Live', count: 0 } });

    expect(await subscribe(socket, `content_group/${id}`)).toEqual({ ok: true });
    const bobSocket = await connectedSocket(bob.agent);
    expect((await subscribe(bobSocket, `content_group/${id}`)).ok).toBe(false);

    await ann.agent.request('POST', '/action/rename/content_group', { body: { id, name: 'Live 2' } });
    await ann.agent.request('POST', '/rest/content_groups', { body: { id, wordsNottobeChanged: 'a', maxUsagePerArticle: 1 } });
    await upload(ann.agent, id, [{ name: 'x.txt', content: 'X\nY' }]);
    await ann.agent.request('DELETE', '/rest/content_groups', { body: { ids: [id] } });
    await expect.poll(() => inbox.messages.length).toBe(8);
    expect(inbox.messages.slice(1).map((m) => `${m.topic} ${m.name}`)).toEqual([
      'content_groups contentGroupRenamed', `content_group/${id} contentGroupRenamed`,
      `content_group/${id} settingsSaved`, `content_group/${id} articlesImported`, 'content_groups articleCountChanged',
      'content_groups contentGroupsDeleted', `content_group/${id} contentGroupDeleted`,
    ]);
  });
});
