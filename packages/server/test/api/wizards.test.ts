import lzString from 'lz-string';
import { describe, expect, it } from 'vitest';
import {
  STRATEGY_MESSAGES, WIZARD_MESSAGES, WizardListResponseSchema, WizardResponseSchema, type Wizard, type WizardSummary,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';

const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;

describe.each(DATABASES)('wizards on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const rows = async () => db().selectFrom('xwizards').selectAll().orderBy('id').execute();

  const add = async (agent: Agent, name: string, strategyId = 1): Promise<WizardSummary> => {
    const response = await agent.request('PUT', '/rest/xwizards', { body: { name, strategyId } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as WizardSummary;
  };
  const load = async (agent: Agent, id: number): Promise<Wizard> => {
    const response = await agent.request('GET', `/rest/xwizards/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return WizardResponseSchema.parse(response.json()).wizard;
  };
  const list = async (agent: Agent) => WizardListResponseSchema.parse((await agent.request('GET', '/rest/xwizards')).json());

  it.skipIf(skip)('adds from a built-in strategy, lists with the strategies, renames, duplicates and deletes, with live xwizards', async () => {
    const inbox = await liveInbox(ann.agent, 'xwizards');
    const first = await add(ann.agent, '  Pyramid  ', 1);
    expect(first).toMatchObject({ name: 'Pyramid', strategyId: 1 });
    const wizard = await load(ann.agent, first.id);
    // The strategy's tiers and one Accounts project per node; defaults of the spec.
    expect(wizard).toMatchObject({ id: first.id, name: 'Pyramid', depth: 2, nDay: 1, startDate: null, emailSource: 'LINKLOOM' });
    expect(wizard.strategy?.id).toBe(1);
    expect(wizard.linksAndKeywords.map((t) => t.linkSets.length)).toEqual([1, 0]);
    expect(wizard.projects).toHaveLength(12);
    expect(wizard.emailAccount).toMatchObject({ emailServerPort: 995, SSL: true });

    const listed = await list(ann.agent);
    expect(listed.wizards.map((w) => w.id)[0]).toBe(first.id);
    expect(listed.strategies.map((s) => s.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));

    const renamed = await ann.agent.request('POST', '/rest/xwizard/rename', { body: { id: first.id, name: 'Renamed' } });
    expect(renamed.json()).toMatchObject({ id: first.id, name: 'Renamed' });
    const copy = await ann.agent.request('POST', `/action/duplicate/xwizard/${first.id}`, { body: {} });
    expect(copy.statusCode).toBe(200);
    const copied = copy.json() as WizardSummary;
    expect(copied).toMatchObject({ name: 'Renamed Copy', strategyId: 1 });
    expect({ ...(await load(ann.agent, copied.id)), id: first.id, name: 'Renamed' }).toEqual(await load(ann.agent, first.id));
    const named = await ann.agent.request('POST', `/action/duplicate/xwizard/${first.id}`, { body: { id: first.id, name: 'Other' } });
    expect(named.json()).toMatchObject({ name: 'Other' });

    const deleted = await ann.agent.request('DELETE', '/rest/xwizards', { body: [first.id, copied.id] });
    expect(deleted.json()).toEqual({ ids: [first.id, copied.id] });
    const deletedToo = await ann.agent.request('DELETE', '/rest/xwizards', { body: { ids: [(named.json() as WizardSummary).id] } });
    expect(deletedToo.statusCode).toBe(200);
    expect(await rows()).toEqual([]);

    await expect.poll(() => inbox.messages.length).toBe(6);
    expect(inbox.messages.map((m) => m.name)).toEqual(['add', 'rename', 'add', 'add', 'delete', 'delete']);
    expect(inbox.messages[1]?.payload).toEqual({ id: first.id, name: 'Renamed' });
    expect(inbox.messages[4]?.payload).toEqual({ ids: [first.id, copied.id] });
  });

  it.skipIf(skip)('saves a wizard sent as plain JSON and as lz-string text (a JSON string or text/plain), new and by id', async () => {
    const base = await load(ann.agent, (await add(ann.agent, 'Base', 4)).id);
    const edited: Wizard = { ...base, id: null, name: 'Plain', campaignName: 'Camp', nDay: 5, startDate: '01/02/2030 10:00' };

    const plain = await ann.agent.request('POST', '/rest/xwizards', { body: edited });
    expect(plain.statusCode, plain.body).toBe(200);
    const plainId = (plain.json() as { id: number }).id;
    expect(await load(ann.agent, plainId)).toMatchObject({ id: plainId, name: 'Plain', campaignName: 'Camp', nDay: 5, startDate: '01/02/2030 10:00' });

    const packed = lzString.compressToEncodedURIComponent(JSON.stringify({ ...edited, name: 'Packed' }));
    const asJsonString = await ann.agent.request('POST', '/rest/xwizards', { body: JSON.stringify(packed), headers: { 'content-type': 'application/json' } });
    expect(asJsonString.statusCode, asJsonString.body).toBe(200);
    expect((await load(ann.agent, (asJsonString.json() as { id: number }).id)).name).toBe('Packed');

    const update = lzString.compressToEncodedURIComponent(JSON.stringify({ ...edited, id: plainId, name: 'Updated', nDay: 9 }));
    const asText = await ann.agent.request('POST', `/rest/xwizards/${plainId}`, { body: update, headers: { 'content-type': 'text/plain' } });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json()).toEqual({ id: plainId });
    expect(await load(ann.agent, plainId)).toMatchObject({ name: 'Updated', nDay: 9 });

    // POST /rest/xwizards with an id saves that wizard.
    const byBodyId = await ann.agent.request('POST', '/rest/xwizards', { body: { ...edited, id: plainId, name: 'Again' } });
    expect(byBodyId.json()).toEqual({ id: plainId });
    expect((await load(ann.agent, plainId)).name).toBe('Again');

    // As the original's clients send it (issue 38): the start as epoch milliseconds or ISO 8601, RANKERX for the product's own mail source.
    for (const startDate of [Date.UTC(2030, 1, 1, 10, 0), '2030-02-01T10:00:00Z']) {
      const original = await ann.agent.request('POST', '/rest/xwizards', { body: { ...edited, id: plainId, startDate, emailSource: 'RANKERX' } });
      expect(original.statusCode, original.body).toBe(200);
      expect(await load(ann.agent, plainId)).toMatchObject({ startDate: '01/02/2030 10:00', emailSource: 'LINKLOOM' });
    }
    const unknownSource = await ann.agent.request('POST', '/rest/xwizards', { body: { ...edited, id: plainId, emailSource: 'ELSEWHERE' } });
    expect(unknownSource.statusCode).toBe(422);
    expect(JSON.stringify(unknownSource.json())).toContain('emailSource');
  });

  it.skipIf(skip)("answers another user's wizard or strategy with 404 and changes nothing", async () => {
    const annWizard = await add(ann.agent, 'Ann only');
    const strategy = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'Ann diagram' } });
    expect(strategy.statusCode).toBe(200);
    const annStrategy = (strategy.json() as { id: number }).id;
    const annWizardOnOwn = await add(ann.agent, 'Ann custom', annStrategy);
    const before = await rows();
    const full = await load(ann.agent, annWizardOnOwn.id);

    const calls: [string, string, unknown][] = [
      ['GET', `/rest/xwizards/${annWizard.id}`, undefined],
      ['POST', `/rest/xwizards/${annWizard.id}`, { ...full, id: annWizard.id }],
      ['POST', '/rest/xwizards', { ...full, id: annWizard.id }],
      ['POST', '/rest/xwizards', { ...full, id: null }],
      ['PUT', '/rest/xwizards', { name: 'Bob', strategyId: annStrategy }],
      ['POST', '/rest/xwizard/rename', { id: annWizard.id, name: 'Bob' }],
      ['POST', `/action/duplicate/xwizard/${annWizard.id}`, {}],
      ['DELETE', '/rest/xwizards', [annWizard.id]],
    ];
    for (const [method, url, body] of calls) {
      const response = await bob.agent.request(method as 'GET', url, { body });
      expect(response.statusCode, `${method} ${url} → ${response.body}`).toBe(404);
      expect(response.body).not.toContain('Ann');
    }
    expect(await rows()).toEqual(before);
    expect((await list(bob.agent)).wizards).toEqual([]);
    expect((await list(bob.agent)).strategies.map((s) => s.id)).not.toContain(annStrategy);
    // Built-in strategies are everyone's.
    expect((await add(bob.agent, 'Bob', 3)).strategyId).toBe(3);
  });

  it.skipIf(skip)("refuses bad input with the spec's messages, storing nothing", async () => {
    const wizard = await add(ann.agent, 'Keep');
    const full = await load(ann.agent, wizard.id);
    const before = await rows();
    const cases: [string, string, unknown, number, string | null][] = [
      ['PUT', '/rest/xwizards', { name: '', strategyId: 1 }, 422, WIZARD_MESSAGES.newWizardNameRequired],
      ['PUT', '/rest/xwizards', { name: 'x' }, 422, WIZARD_MESSAGES.strategyRequired],
      ['PUT', '/rest/xwizards', { name: 'x', strategyId: 99 }, 404, null],
      ['POST', '/rest/xwizard/rename', { id: wizard.id, name: '  ' }, 422, WIZARD_MESSAGES.wizardNameRequired],
      ['POST', `/action/duplicate/xwizard/${wizard.id}`, { name: '' }, 422, WIZARD_MESSAGES.wizardNameRequired],
      ['POST', `/rest/xwizards/${wizard.id}`, { ...full, name: ' ' }, 422, WIZARD_MESSAGES.confirmWizardNameRequired],
      ['POST', `/rest/xwizards/${wizard.id}`, { ...full, strategy: null }, 422, WIZARD_MESSAGES.strategyRequired],
      ['POST', `/rest/xwizards/${wizard.id}`, { ...full, id: wizard.id + 1000 }, 422, WIZARD_MESSAGES.idMismatch],
      ['POST', '/rest/xwizards', 'not-a-packed-wizard', 422, WIZARD_MESSAGES.notCompressed],
      ['POST', '/rest/xwizards', { ...full, id: null, tierSiteSelection: [{ type: 7 }] }, 422, null],
      ['DELETE', '/rest/xwizards', [], 422, null],
      ['DELETE', '/rest/xwizards', ['1'], 422, null],
    ];
    for (const [method, url, body, status, message] of cases) {
      const response = await ann.agent.request(method as 'PUT', url, typeof body === 'string' ? { body, headers: { 'content-type': 'text/plain' } } : { body });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)} → ${response.body}`).toBe(status);
      if (message) expect(errorOf(response)).toBe(message);
    }
    const broken = await ann.agent.request('POST', '/rest/xwizards', { body: { ...full, id: null, strategy: { id: 1, strategy: '{"cells":[]}' } } });
    expect(broken.statusCode).toBe(422);
    expect(errorOf(broken)).toBe(STRATEGY_MESSAGES.invalidDiagram(['The diagram needs a Money Site']));
    expect(await rows()).toEqual(before);
  });
});
