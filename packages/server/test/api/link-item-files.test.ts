import { describe, expect, it } from 'vitest';
import { LINK_ITEM_MESSAGES, LINK_MESSAGES, UPLOAD_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { multipartFile } from '../support/multipart';
import { type Agent } from '../support/agent';
import { buildLinkSet, buildLinks, storedLinks } from '../support/link-factories';

const DAY = Date.UTC(2024, 2, 5, 12);

describe.each(DATABASES)('link set exports and imports on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { env: { UPLOAD_MAX_MB: '1' } });
  const { ann, bob } = useTwoUsers(ctx, skip);

  const db = () => ctx.server.database.db;
  const annSet = (overrides: { name?: string; campaignId?: number } = {}) => buildLinkSet(db(), { ownerId: ann.id, ...overrides });
  const upload = (agent: Agent, id: number, content: string | Buffer, filename = 'links.txt') => {
    const { body, headers } = multipartFile(filename, content, { contentType: 'text/plain' });
    return agent.request('POST', `/action/import/url_list/${id}`, { body, headers });
  };

  async function setWithLinks(name = 'My links') {
    const linkSet = await annSet({ name });
    await buildLinks(db(), { ownerId: ann.id, urlListId: linkSet.id }, [
      { url: 'https://a.test/1', anchor: '=HYPERLINK("x")', linksOnPage: 4, site: 'a.test', username: '+me', password: 'p,1', pr: 35, dateAdded: DAY },
      { url: 'https://b.test/2', anchor: 'Plain "quoted"', dateAdded: DAY },
    ]);
    return linkSet;
  }

  it.skipIf(skip)('exports all information as formula-neutralised CSV, read back line by line', async () => {
    const linkSet = await setWithLinks('My links');
    const response = await ann.agent.request('GET', `/action/export/url_list/${linkSet.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="My links.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'URL,Anchor,Links on page,Site,Username,Password,DA,Date added',
      'https://a.test/1,"\'=HYPERLINK(""x"")",4,a.test,\'+me,"p,1",35,05/03/24',
      'https://b.test/2,"Plain ""quoted""",,,,,,05/03/24',
      '',
    ]);
    expect((await ann.agent.request('GET', `/action/export/url_list/${linkSet.id}`, { xsrf: false })).statusCode).toBe(403);
    expect((await bob.agent.request('GET', `/action/export/url_list/${linkSet.id}`)).statusCode).toBe(404);
  });

  it.skipIf(skip)('exports URLs only as text and URLs with DA as CSV', async () => {
    const linkSet = await setWithLinks('Set/One');
    const urls = await ann.agent.request('GET', `/action/export/url_list_only/${linkSet.id}`);
    expect(urls.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(urls.headers['content-disposition']).toContain('filename="Set_One.txt"');
    expect(urls.body).toBe('https://a.test/1\r\nhttps://b.test/2\r\n');
    const da = await ann.agent.request('GET', `/action/export/url_list_pr/${linkSet.id}`);
    expect(da.headers['content-disposition']).toContain('filename="Set_One_da.csv"');
    expect(da.body).toBe('URL,DA\r\nhttps://a.test/1,35\r\nhttps://b.test/2,\r\n');
    for (const path of ['url_list_only', 'url_list_pr']) expect((await bob.agent.request('GET', `/action/export/${path}/${linkSet.id}`)).statusCode).toBe(404);
  });

  it.skipIf(skip)('exports several link sets of a campaign into {campaign name}_urls.txt or .csv', async () => {
    const first = await setWithLinks('First');
    const second = await annSet({ name: 'Second', campaignId: first.campaignId });
    await buildLinks(db(), { ownerId: ann.id, urlListId: second.id }, [{ url: 'www.c.test', anchor: 'C', dateAdded: DAY }]);
    const url = `/action/export/url_lists/${first.campaignId}`;
    const txt = await ann.agent.request('POST', url, { body: { ids: [second.id, first.id] } });
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-disposition']).toContain(`filename="${first.campaignName}_urls.txt"`);
    expect(txt.body).toBe('https://a.test/1\r\nhttps://b.test/2\r\nwww.c.test\r\n');
    const csv = await ann.agent.request('POST', url, { body: { ids: [first.id, second.id], fullInfo: true } });
    expect(csv.headers['content-disposition']).toContain(`filename="${first.campaignName}_urls.csv"`);
    expect(csv.body.split('\r\n')).toEqual([
      'Link set,URL,Anchor,Links on page,Site,Username,Password,DA,Date added',
      'First,https://a.test/1,"\'=HYPERLINK(""x"")",4,a.test,\'+me,"p,1",35,05/03/24',
      'First,https://b.test/2,"Plain ""quoted""",,,,,,05/03/24',
      'Second,www.c.test,C,,,,,,05/03/24',
      '',
    ]);
    const elsewhere = await annSet();
    expect((await ann.agent.request('POST', url, { body: { ids: [first.id, elsewhere.id] } })).statusCode).toBe(404);
    expect((await bob.agent.request('POST', url, { body: { ids: [first.id] } })).statusCode).toBe(404);
    const empty = await ann.agent.request('POST', url, { body: { ids: [] } });
    expect([empty.statusCode, empty.json().error.message]).toEqual([422, 'Select at least one item']);
  });

  it.skipIf(skip)('streams an export of 5,000 links in keyset batches, every link once', async () => {
    const linkSet = await annSet();
    await buildLinks(db(), { ownerId: ann.id, urlListId: linkSet.id }, 5000);
    const lines = (await ann.agent.request('GET', `/action/export/url_list_only/${linkSet.id}`)).body.split('\r\n');
    expect(lines).toHaveLength(5001);
    expect(new Set(lines).size).toBe(5001);
    expect(lines[4999]).toBe('https://site5000.test/page');
  });

  it.skipIf(skip)('imports a file with bad lines: valid ones are added, bad ones reported with their numbers', async () => {
    const linkSet = await annSet();
    const lines = [
      'https://a.test/1|x|One|x|2', '', 'nope|x|Bad', 'https://b.test/2', ...Array.from({ length: 1200 }, (_, i) => `https://m.test/${i}|x|M${i}`),
      '|x|no url', 'https://c.test|x|C|x|x',
    ];
    const response = await upload(ann.agent, linkSet.id, `\uFEFF${lines.join('\r\n')}\r\n`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      added: 1202, skipped: 3,
      errors: [
        { line: 3, message: LINK_MESSAGES.urlInvalid },
        { line: 1205, message: LINK_MESSAGES.urlRequired },
        { line: 1206, message: LINK_MESSAGES.linksOnPageInvalid },
      ],
    });
    const stored = await storedLinks(db(), linkSet.id);
    expect(stored).toHaveLength(1202);
    expect(stored[0]).toMatchObject({ url: 'https://a.test/1', anchor: 'One', links_on_page: 2, owner_id: ann.id });
    expect(new Set(stored.map((l) => l.date_added)).size).toBe(1);
  });

  it.skipIf(skip)('lists at most 1,000 refused lines but counts them all', async () => {
    const linkSet = await annSet();
    const response = await upload(ann.agent, linkSet.id, Array.from({ length: 1500 }, () => 'bad').join('\n'));
    const body = response.json();
    expect([body.added, body.skipped, body.errors.length, body.errors[999].line]).toEqual([0, 1500, 1000, 1000]);
  });

  it.skipIf(skip)('refuses a binary file, an upload over the limit and an empty file whole: nothing is imported', async () => {
    const linkSet = await annSet();
    // A valid first batch before the bad bytes: the transaction must drop it too.
    const valid = Array.from({ length: 800 }, (_, i) => `https://v.test/${i}`).join('\n');
    const binary = Buffer.concat([Buffer.from(`${valid}\n`), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0xfe])]);
    const refused = await upload(ann.agent, linkSet.id, binary, 'links.zip');
    expect([refused.statusCode, refused.json().error.message]).toEqual([415, LINK_ITEM_MESSAGES.notText]);
    const latin1 = await upload(ann.agent, linkSet.id, Buffer.from('https://a.test|x|caf\xe9\n', 'latin1'));
    expect(latin1.statusCode).toBe(415);

    const big = `${Array.from({ length: 40_000 }, (_, i) => `https://big.test/${i}|x|anchor`).join('\n')}\n`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const tooLarge = await upload(ann.agent, linkSet.id, big);
    expect([tooLarge.statusCode, tooLarge.json().error.message]).toEqual([413, UPLOAD_MESSAGES.tooLarge(1)]);

    const empty = await upload(ann.agent, linkSet.id, '\r\n \n');
    expect([empty.statusCode, empty.json().error.message]).toEqual([422, LINK_ITEM_MESSAGES.noLinksInFile]);
    expect(await storedLinks(db(), linkSet.id)).toEqual([]);
  });

  it.skipIf(skip)("refuses another user's link set (404), a request without a file and one without the XSRF header", async () => {
    const linkSet = await annSet();
    expect((await upload(bob.agent, linkSet.id, 'https://a.test')).statusCode).toBe(404);
    const json = await ann.agent.request('POST', `/action/import/url_list/${linkSet.id}`, { body: { links: 'x' } });
    expect(json.statusCode).toBe(406);
    const { body, headers } = multipartFile('a.txt', 'https://a.test', { contentType: 'text/plain' });
    expect((await ann.agent.request('POST', `/action/import/url_list/${linkSet.id}`, { body, headers, xsrf: false })).statusCode).toBe(403);
    expect(await storedLinks(db(), linkSet.id)).toEqual([]);
  });
});
