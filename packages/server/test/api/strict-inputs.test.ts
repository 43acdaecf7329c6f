import lzString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { ID_MESSAGES, PLAIN_TEXT_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject, countRows } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { buildLinkSet, buildLinks } from '../support/link-factories';
import { buildContentGroup, buildSites, projectSnapshot } from '../support/project-factories';

const NUL = PLAIN_TEXT_MESSAGES.nul;
const SURROGATE = PLAIN_TEXT_MESSAGES.surrogate;

/** Ids are integers, never coerced; every text is plain text (issue 9, point 4). */
describe.each(DATABASES)('strict inputs on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('refuses body ids sent as text, true/false, fractions or out of range, deleting and renaming nothing', async () => {
    const before = { campaigns: await countRows(db(), 'campaigns', ann.id), projects: await countRows(db(), 'projects', ann.id), linkSets: await countRows(db(), 'url_lists', ann.id) };
    const campaigns = [];
    for (let i = 0; i < 11; i++) campaigns.push(await buildCampaign(db(), { ownerId: ann.id }));
    const eleventh = campaigns[10]!.id;
    const first = campaigns[0]!.id;
    const cases: [unknown, string][] = [
      [{ ids: [String(eleventh)] }, ID_MESSAGES.notNumber],
      [{ ids: [true] }, ID_MESSAGES.notNumber],
      [{ ids: [null] }, ID_MESSAGES.notNumber],
      [{ ids: [[first]] }, ID_MESSAGES.notNumber],
      [{ ids: [first + 0.5] }, ID_MESSAGES.notWhole],
      [{ ids: [0] }, ID_MESSAGES.notPositive],
      [{ ids: [-first] }, ID_MESSAGES.notPositive],
      [{ ids: [2 ** 53] }, ID_MESSAGES.notWhole],
    ];
    for (const [body, message] of cases) {
      const response = await ann.agent.request('POST', '/rest/delete/campaigns', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.message, JSON.stringify(body)).toBe(message);
    }
    // The same refusal for an id field, whatever the call.
    const renamed = await ann.agent.request('POST', '/rest/campaigns', { body: { id: String(first), name: 'Renamed' } });
    expect(renamed.json()).toEqual({ error: { message: ID_MESSAGES.notNumber, details: [`id: ${ID_MESSAGES.notNumber}`] } });
    expect((await ann.agent.request('PUT', '/rest/project', { body: { campaignId: `${first}`, module: 'Wiki', name: 'P' } })).statusCode).toBe(422);
    expect((await ann.agent.request('PUT', '/rest/url_list', { body: { campaignId: true, name: 'L' } })).statusCode).toBe(422);
    expect(await countRows(db(), 'campaigns', ann.id)).toBe(before.campaigns + 11);
    expect(await countRows(db(), 'projects', ann.id)).toBe(before.projects);
    expect(await countRows(db(), 'url_lists', ann.id)).toBe(before.linkSets);
    const names = await db().selectFrom('campaigns').select('name').where('owner_id', '=', ann.id).execute();
    expect(names.map((row) => row.name)).not.toContain('Renamed');

    // A real id still works.
    expect((await ann.agent.request('POST', '/rest/delete/campaigns', { body: { ids: [eleventh] } })).statusCode).toBe(200);
    expect(await countRows(db(), 'campaigns', ann.id)).toBe(before.campaigns + 10);
  });

  it.skipIf(skip)('takes path ids and page numbers as plain digits only', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const project = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id });
    const profile = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id });
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id });
    const spellings = [`0x${campaign.id.toString(16)}`, `%20${campaign.id}`, `${campaign.id}%20`, `+${campaign.id}`, `0${campaign.id}`,
      `${campaign.id}.0`, `${campaign.id}e0`, `%2B${campaign.id}`, `${campaign.id}%00`, '9007199254740993', '0', '-1', 'abc'];
    for (const spelling of spellings) {
      const response = await ann.agent.request('GET', `/rest/campaign/${spelling}`);
      expect(response.statusCode, spelling).toBe(422);
    }
    expect((await ann.agent.request('GET', `/rest/campaign/0x${campaign.id}`)).json().error.message).toBe(ID_MESSAGES.notDigits);
    expect((await ann.agent.request('GET', `/rest/campaign/${campaign.id}`)).statusCode).toBe(200);

    // A state-changing call under a second spelling of the id does nothing.
    const projects = await countRows(db(), 'projects', ann.id);
    const deleted = await ann.agent.request('DELETE', `/rest/projects/+${campaign.id}`, { body: [project] });
    expect(deleted.statusCode).toBe(422);
    expect(await countRows(db(), 'projects', ann.id)).toBe(projects);
    const scheduled = await ann.agent.request('POST', `/rest/schedule/0x${project.toString(16)}`, {
      body: { status: 'SCHEDULED', schedule: { scheduleType: 'FixedDate', startDate: '01/01/2031 10:00', durationType: 'Once' } },
    });
    expect(scheduled.statusCode).toBe(422);

    for (const query of ['page=0x1', 'page=%2B1', 'page=1.0', 'page=1e0', 'page=%201', 'page=01', 'pageSize=0x10', 'pageSize=1e2', 'page=1&page=2']) {
      const accounts = await ann.agent.request('GET', `/rest/accounts/${profile.id}?${query}`);
      expect(accounts.statusCode, query).toBe(422);
      const links = await ann.agent.request('GET', `/rest/url_items/${linkSet.id}?${query}`);
      expect(links.statusCode, query).toBe(422);
    }
    expect((await ann.agent.request('GET', `/rest/accounts/${profile.id}?page=0x1`)).json().error.message).toBe('page must be a number');
    expect((await ann.agent.request('GET', `/rest/url_items/${linkSet.id}?pageSize=1e2`)).json().error.message).toBe('pageSize must be a number');
    expect((await ann.agent.request('GET', `/rest/accounts/${profile.id}?page=2&pageSize=10`)).statusCode).toBe(200);
    expect((await ann.agent.request('GET', `/rest/url_items/${linkSet.id}?page=1&pageSize=1000`)).statusCode).toBe(200);
  });

  it.skipIf(skip)('refuses a NUL character or a lone surrogate in any text, naming the field, and stores nothing', async () => {
    const campaignsBefore = await countRows(db(), 'campaigns', ann.id);
    const put = (body: unknown, headers?: Record<string, string>) => ann.agent.request('PUT', '/rest/campaigns', { body, ...(headers ? { headers } : {}) });
    const cases: [unknown, string][] = [
      [{ name: 'Spring\u0000push' }, `name: ${NUL}`],
      [{ name: 'Spring \ud800push' }, `name: ${SURROGATE}`],
      [{ name: 'Spring push\udc00' }, `name: ${SURROGATE}`],
      [{ name: '\udbff' }, `name: ${SURROGATE}`],
      [{ name: 'ok', extra: { deep: ['fine', 'bad\u0000'] } }, `extra.deep[1]: ${NUL}`],
      [{ name: 'ok', ['key\u0000']: 1 }, `body: ${NUL}`],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, message).toBe(422);
      expect(response.json(), message).toEqual({ error: { message, details: [message] } });
    }
    // The escapes as a client writes them, and the compressed form of the same body.
    const escaped = await put('{"name":"a\\u0000b"}', { 'content-type': 'application/json' });
    expect(escaped.json().error.message).toBe(`name: ${NUL}`);
    const surrogate = await put('{"name":"a\\ud83db"}', { 'content-type': 'application/json' });
    expect(surrogate.json().error.message).toBe(`name: ${SURROGATE}`);
    const compressed = lzString.compressToEncodedURIComponent(JSON.stringify({ name: 'Packed\u0000' }));
    const packed = await put(compressed, { 'content-type': 'text/plain' });
    expect(packed.statusCode).toBe(422);
    expect(packed.json().error.message).toBe(`name: ${NUL}`);
    expect(await countRows(db(), 'campaigns', ann.id)).toBe(campaignsBefore);

    // A well-formed pair (an emoji) is text like any other; malformed JSON is still a 400.
    const emoji = await put({ name: 'Launch \ud83d\ude80' });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().name).toBe('Launch \u{1F680}');
    const malformed = await put('{"name":', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('The request body is not valid JSON');
  });

  it.skipIf(skip)('refuses them in nested save bodies, list items, queries and paths too', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id });
    await buildLinks(db(), { ownerId: ann.id, urlListId: linkSet.id }, 1);
    const group = await buildContentGroup(db(), { ownerId: ann.id });
    const output = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id });
    const network = await buildSites(db(), { ownerId: ann.id, count: 1 });
    const project = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private' });
    const before = await projectSnapshot(db(), project);
    const save = (tags: string) => ({
      project: { id: project, profileId: network.networkId, urlListId: output.id, contentGroupId: group.id, linkPlacement: 'Top', tags },
      sites: [{ id: { siteId: network.sites[0]!.id, email: network.sites[0]!.email }, checked: true }],
      sessionUuid: 'ann-session-1',
    });
    const nested = await ann.agent.request('POST', '/rest/privateproject', { body: save('seo,\u0000links') });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().error.message).toBe(`project.tags: ${NUL}`);
    const packed = lzString.compressToEncodedURIComponent(JSON.stringify(save('seo,\udfffx')));
    const compressed = await ann.agent.request('POST', '/rest/privateproject', { body: packed, headers: { 'content-type': 'text/plain' } });
    expect(compressed.json().error.message).toBe(`project.tags: ${SURROGATE}`);
    expect(await projectSnapshot(db(), project)).toBe(before);
    expect((await ann.agent.request('POST', '/rest/privateproject', { body: save('seo') })).statusCode).toBe(200);

    const listItem = await ann.agent.request('POST', '/rest/blocked_sites', { body: ['fine.example', 'bad\u0000.example'] });
    expect(listItem.json().error.message).toBe(`body[1]: ${NUL}`);
    const batch = await ann.agent.request('PUT', `/rest/url_items/${linkSet.id}`, { body: { links: 'https://a.example|x|anchor\ud800' } });
    expect(batch.json().error.message).toBe(`links: ${SURROGATE}`);
    expect(await db().selectFrom('url_items').select('id').where('url_list_id', '=', linkSet.id).execute()).toHaveLength(1);
    const blocked = await db().selectFrom('blocked_sites').select('domain').where('owner_id', '=', ann.id).where('domain', 'like', '%fine.example%').execute();
    expect(blocked).toEqual([]);

    const query = await ann.agent.request('GET', `/rest/url_items/${linkSet.id}?url=%00`);
    expect(query.statusCode).toBe(422);
    expect(query.json().error.message).toBe(`url: ${NUL}`);
    const path = await ann.agent.request('GET', '/rest/campaign/%00');
    expect(path.statusCode).toBe(422);
  });
});
