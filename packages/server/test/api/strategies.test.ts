/**
 * Strategy diagrams (issue 12, spec 2 §7 "Strategies") on both databases: the built-in strategies
 * every user sees and can only clone; a user's own diagrams made, renamed (diagram and
 * description kept), saved, cloned, deleted, exported and imported (files and ZIPs, each refused
 * file listed); a diagram breaking a rule refused naming the node; descriptions and previews
 * sanitised; another user's ids answered 404; live messages on `strategies`.
 */
import { describe, expect, it } from 'vitest';
import {
  STRATEGY_MESSAGES, isStrategyPreviewPath, StrategyListResponseSchema, StrategyResponseSchema, StrategySummarySchema, defaultDiagram, newDiagramNode,
  type Diagram, type StrategySummary,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { multipart } from '../support/multipart';
import { zipOf } from '../support/content-fixtures';
import type { Agent } from '../support/agent';

const BUILTIN_NAMES = ['2-Tier Web 2.0 Pyramid', '3-Tier Mixed Pyramid', 'PBN Boost', 'Premium Tier 1', 'Press Release + PDF', 'Wiki + Bookmark Wheel'];

/** Money Site → Wiki (1) → Bookmarking (1). */
function twoTier(): Diagram {
  const base = defaultDiagram('m');
  const wiki = newDiagramNode(base, 'Wiki', { x: 100, y: 220 }, 'w1');
  const withWiki = { cells: [...base.cells, wiki] };
  const bookmark = newDiagramNode(withWiki, 'Bookmarking', { x: 100, y: 340 }, 'b1');
  return { cells: [...withWiki.cells, bookmark, { type: 'standard.Link', id: 'l1', source: { id: 'm' }, target: { id: 'w1' } }, { type: 'standard.Link', id: 'l2', source: { id: 'w1' }, target: { id: 'b1' } }] };
}
/** Two Money Sites. */
const twoMoneySites = (): Diagram => ({ cells: [...defaultDiagram('m').cells, { ...defaultDiagram('m2').cells[0]!, custom: { nameId: 2, projectName: 'Money Site (2)' } }] });
/** Wiki (1) ↔ Bookmarking (1) in a cycle under the Money Site. */
const withCycle = (): Diagram => {
  const d = twoTier();
  return { cells: [...d.cells, { type: 'standard.Link', id: 'l3', source: { id: 'b1' }, target: { id: 'w1' } }] };
};

/** As the original designer exports: fields we do not read, pretty-printed. */
const ORIGINAL_TEXT = JSON.stringify({
  cells: [
    { type: 'LinkLoom.MoneySite', size: { width: 90, height: 54 }, position: { x: 310, y: 100 }, angle: 0, id: 'ms-1', z: 1, custom: { nameId: 1, projectName: 'Money Site', extra: [1, 2] }, attrs: { body: { fill: '#31d0c6' }, label: { text: 'Money Site' } } },
    { type: 'LinkLoom.PremiumWiki', size: { width: 100, height: 54 }, position: { x: 300, y: 250 }, angle: 0, id: 'pw-1', z: 2, custom: { nameId: 1, projectName: 'Premium Wiki (1)', profileName: 'Store A' }, attrs: {} },
    { type: 'standard.Link', id: 'link-1', z: 3, source: { id: 'ms-1', port: 'out' }, target: { id: 'pw-1' }, router: { name: 'manhattan' }, vertices: [], attrs: { line: { stroke: '#222' } } },
  ],
  meta: { exportedBy: 'original' },
}, null, 2);

async function upload(agent: Agent, parts: { name: string; content: string | Buffer }[]) {
  const { body, headers } = multipart(parts);
  return agent.request('POST', '/action/import/strategies', { body, headers });
}

describe.each(DATABASES)('strategy diagrams on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  async function create(agent: Agent, body: Record<string, unknown>): Promise<StrategySummary> {
    const response = await agent.request('POST', '/rest/strategies', { body });
    expect(response.statusCode, response.body).toBe(200);
    return StrategySummarySchema.parse(response.json());
  }
  async function load(agent: Agent, id: number) {
    const response = await agent.request('GET', `/rest/strategies/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return StrategyResponseSchema.parse(response.json()).strategy;
  }
  /** The preview picture at a summary's address (what <img> shows). */
  async function preview(agent: Agent, img: string | null): Promise<string> {
    expect(img !== null && isStrategyPreviewPath(img), String(img)).toBe(true);
    const response = await agent.request('GET', img!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    return response.body;
  }
  /** A strategy without its preview and the preview's address (which names the row's version: it moves on every save). */
  const withoutImg = <T extends { img: string | null; previewUrl: string | null }>({ img: _img, previewUrl: _previewUrl, ...rest }: T) => rest;
  const customCount = async (ownerId: number) => Number((await db().selectFrom('strategies').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow()).n);

  it.skipIf(skip)('lists the six built-in strategies to every user, valid, with a preview, also in the campaign list', async () => {
    for (const user of [ann, bob]) {
      const list = StrategyListResponseSchema.parse((await user.agent.request('GET', '/rest/strategies')).json()).strategies.filter((s) => s.type === 'BUILTIN');
      expect(list.map((s) => s.name)).toEqual(BUILTIN_NAMES);
      for (const s of list) expect(await preview(user.agent, s.img)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const campaigns = (await user.agent.request('GET', '/rest/campaigns')).json() as { strategies: StrategySummary[] };
      expect(campaigns.strategies.filter((s) => s.type === 'BUILTIN')).toEqual(list);
    }
    const list = StrategyListResponseSchema.parse((await ann.agent.request('GET', '/rest/strategies')).json()).strategies;
    for (const s of list.filter((x) => x.type === 'BUILTIN')) {
      const full = await load(ann.agent, s.id);
      expect(full.description).toMatch(/^<h2>/);
      // One strategy carries the preview as SVG text (spec 2 §3, issue 38) and its address beside it.
      expect(full.previewUrl).toBe(s.img);
      const svg = await preview(ann.agent, full.previewUrl);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(full.img).toBe(svg);
      // Each is a valid diagram: the server takes it back as a save of a clone.
      const clone = await create(ann.agent, { name: `Check ${s.name}`, strategy: full.strategy });
      expect((await load(ann.agent, clone.id)).strategy).toBe(full.strategy);
    }
  });

  it.skipIf(skip)('serves a preview by its address: to its owner only, kept by the browser while its version is current, never run as a page', async () => {
    const mine = await create(ann.agent, { name: 'Pictured', img: '<svg viewBox="0 0 4 4"><circle cx="2" cy="2" r="1"/></svg>' });
    expect(isStrategyPreviewPath(mine.img!)).toBe(true);
    const current = await ann.agent.request('GET', mine.img!);
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // Shown through <img>; opened as a page, nothing in it may run or load.
    expect(current.headers['content-security-policy']).toContain("default-src 'none'");
    expect(current.headers['x-content-type-options']).toBe('nosniff');
    // An address from before a save: the picture as it is now, asked again next time.
    const saved = await ann.agent.request('PUT', `/rest/strategies/${mine.id}`, { body: { name: 'Pictured', img: '<svg viewBox="0 0 8 8"><rect width="2" height="2"/></svg>' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await ann.agent.request('GET', mine.img!);
    expect(stale.headers['cache-control']).toBe('private, no-cache');
    expect(stale.body).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="2" height="2"></rect></svg>');
    expect(await preview(ann.agent, StrategySummarySchema.parse(saved.json()).img)).toBe(stale.body);
    // Another user's strategy, an unknown one, a malformed id: refused, as every other call.
    expect((await bob.agent.request('GET', mine.img!)).statusCode).toBe(404);
    expect((await ann.agent.request('GET', '/rest/strategies/99999999/preview?v=1')).statusCode).toBe(404);
    expect((await ann.agent.request('GET', '/rest/strategies/abc/preview')).statusCode).toBe(422);
    // The built-in ones, to everyone.
    const builtin = StrategyListResponseSchema.parse((await bob.agent.request('GET', '/rest/strategies')).json()).strategies.find((x) => x.type === 'BUILTIN')!;
    expect(await preview(bob.agent, builtin.img)).toMatch(/^<svg /);
  });

  it.skipIf(skip)('creates the default diagram, saves a diagram, keeps diagram and description on rename, publishing add, save, rename and delete', async () => {
    const inbox = await liveInbox(ann.agent, 'strategies');
    const created = await create(ann.agent, { name: '  My plan ' });
    expect(created).toMatchObject({ name: 'My plan', type: 'CUSTOM' });
    expect(created.id).toBeGreaterThanOrEqual(101);
    const fresh = await load(ann.agent, created.id);
    const diagram = JSON.parse(fresh.strategy) as Diagram;
    expect(diagram.cells).toHaveLength(1);
    expect(diagram.cells[0]).toMatchObject({ type: 'LinkLoom.MoneySite', position: { x: 310, y: 100 }, size: { width: 90, height: 54 } });
    expect(fresh.description).toBe('');

    const text = JSON.stringify(twoTier());
    const saved = await ann.agent.request('PUT', `/rest/strategies/${created.id}`, {
      body: { id: created.id, name: 'My plan', description: '<p onclick="x()">Tier <b>one</b><script>alert(1)</script></p>', img: '<svg viewBox="0 0 10 10" onload="alert(1)"><rect width="5" height="5"/><script>alert(2)</script></svg>', strategy: text },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterSave = await load(ann.agent, created.id);
    expect(afterSave.strategy).toBe(text);
    expect(afterSave.description).toBe('<p>Tier <b>one</b></p>');
    expect(await preview(ann.agent, afterSave.previewUrl)).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"></rect></svg>');
    expect(afterSave.img).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"></rect></svg>');

    const renamed = await ann.agent.request('PUT', `/rest/strategies/${created.id}`, { body: { id: created.id, name: 'Renamed', description: null, img: null, strategy: null } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await load(ann.agent, created.id);
    expect(withoutImg(afterRename)).toEqual({ ...withoutImg(afterSave), name: 'Renamed' });
    expect(await preview(ann.agent, afterRename.previewUrl)).toBe(await preview(ann.agent, afterSave.previewUrl));

    const deleted = await ann.agent.request('POST', '/rest/delete/strategies', { body: { ids: [created.id] } });
    expect(deleted.statusCode).toBe(200);
    expect((await ann.agent.request('GET', `/rest/strategies/${created.id}`)).statusCode).toBe(404);

    await expect.poll(() => inbox.messages.length).toBe(4);
    expect(inbox.messages.map((m: { name: string }) => m.name)).toEqual(['add', 'save', 'rename', 'delete']);
    expect(inbox.messages[0]).toEqual({ topic: 'strategies', name: 'add', payload: created });
    expect(inbox.messages[1]).toEqual({ topic: 'strategies', name: 'save', payload: saved.json() });
    expect(inbox.messages[2]).toEqual({ topic: 'strategies', name: 'rename', payload: { id: created.id, name: 'Renamed' } });
    expect(inbox.messages[3]).toEqual({ topic: 'strategies', name: 'delete', payload: { ids: [created.id] } });
  });

  it.skipIf(skip)('refuses bad names, broken diagrams (naming the node) and non-SVG previews, changing nothing', async () => {
    const before = await customCount(ann.id);
    for (const name of [undefined, '', '   ']) {
      const response = await ann.agent.request('POST', '/rest/strategies', { body: { name } });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(STRATEGY_MESSAGES.nameRequired);
    }
    const two = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'x', strategy: JSON.stringify(twoMoneySites()) } });
    expect(two.statusCode).toBe(422);
    expect(two.json().error.message).toBe('The diagram cannot be saved: The diagram has 2 Money Sites (Money Site, Money Site (2)): a diagram has exactly one');
    const cycle = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'x', strategy: JSON.stringify(withCycle()) } });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().error.message).toContain('Wiki (1) has more than one parent (Money Site, Bookmarking (1))');
    expect(cycle.json().error.message).toContain('Wiki (1) → Bookmarking (1) → Wiki (1) form a cycle');
    const notJson = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'x', strategy: '{"cells": [' } });
    expect(notJson.statusCode).toBe(422);
    const notSvg = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'x', img: '<html>no</html>' } });
    expect(notSvg.json().error.message).toBe(STRATEGY_MESSAGES.imgNotSvg);
    expect(await customCount(ann.id)).toBe(before);

    const mine = await create(ann.agent, { name: 'Keep', strategy: JSON.stringify(twoTier()), description: '<p>keep</p>' });
    const broken = await ann.agent.request('PUT', `/rest/strategies/${mine.id}`, { body: { name: 'Changed', description: '<p>new</p>', img: null, strategy: JSON.stringify(withCycle()) } });
    expect(broken.statusCode).toBe(422);
    const mismatch = await ann.agent.request('PUT', `/rest/strategies/${mine.id}`, { body: { id: mine.id + 1, name: 'Changed' } });
    expect(mismatch.json().error.message).toBe(STRATEGY_MESSAGES.idMismatch);
    const kept = await load(ann.agent, mine.id);
    expect(kept).toMatchObject({ name: 'Keep', description: '<p>keep</p>', strategy: JSON.stringify(twoTier()) });
  });

  it.skipIf(skip)('lets built-in strategies be read and cloned only: rename, save, delete and download are refused', async () => {
    const builtin = StrategyListResponseSchema.parse((await ann.agent.request('GET', '/rest/strategies')).json()).strategies.find((s) => s.type === 'BUILTIN')!;
    const full = await load(ann.agent, builtin.id);
    const mine = await create(ann.agent, { name: 'Mine' });
    const refusals: [string, string, unknown, string][] = [
      ['PUT', `/rest/strategies/${builtin.id}`, { name: 'Hijack', description: null, strategy: null }, STRATEGY_MESSAGES.builtinRename],
      ['PUT', `/rest/strategies/${builtin.id}`, { name: builtin.name, description: '<p>x</p>', strategy: full.strategy }, STRATEGY_MESSAGES.builtinSave],
      ['POST', '/rest/delete/strategies', { ids: [mine.id, builtin.id] }, STRATEGY_MESSAGES.builtinDelete],
      ['GET', `/action/export/strategies/${builtin.id}`, undefined, STRATEGY_MESSAGES.builtinExport],
    ];
    for (const [method, url, body, message] of refusals) {
      const response = await ann.agent.request(method as 'PUT', url, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe(message);
    }
    expect(await load(ann.agent, builtin.id)).toEqual(full);
    expect((await ann.agent.request('GET', `/rest/strategies/${mine.id}`)).statusCode).toBe(200);

    const cloned = await ann.agent.request('POST', '/action/duplicate/strategy', { body: { id: builtin.id, name: `Copy of ${builtin.name}` } });
    expect(cloned.statusCode, cloned.body).toBe(200);
    const copy = StrategySummarySchema.parse(cloned.json());
    expect(copy).toMatchObject({ name: `Copy of ${builtin.name}`, type: 'CUSTOM' });
    expect(await preview(ann.agent, copy.img)).toBe(await preview(ann.agent, builtin.img));
    const copyFull = await load(ann.agent, copy.id);
    expect(copyFull).toMatchObject({ description: full.description, strategy: full.strategy });
    // The copy is the user's own: it renames.
    expect((await ann.agent.request('PUT', `/rest/strategies/${copy.id}`, { body: { name: 'Mine now', description: null, strategy: null } })).statusCode).toBe(200);
    // Bob does not see Ann's copy.
    const bobs = StrategyListResponseSchema.parse((await bob.agent.request('GET', '/rest/strategies')).json()).strategies;
    expect(bobs.some((s) => s.id === copy.id)).toBe(false);
  });

  it.skipIf(skip)("answers another user's ids with 404 and changes nothing", async () => {
    const hers = await create(ann.agent, { name: 'Hers', strategy: JSON.stringify(twoTier()) });
    const before = await load(ann.agent, hers.id);
    const calls: [string, string, unknown][] = [
      ['GET', `/rest/strategies/${hers.id}`, undefined],
      ['PUT', `/rest/strategies/${hers.id}`, { name: 'Bob', description: null, strategy: null }],
      ['POST', '/rest/delete/strategies', { ids: [hers.id] }],
      ['POST', '/action/duplicate/strategy', { id: hers.id, name: 'Bob copy' }],
      ['GET', `/action/export/strategies/${hers.id}`, undefined],
      ['GET', '/rest/strategies/99', undefined],
      ['GET', '/rest/strategies/999999', undefined],
    ];
    const bobBefore = await customCount(bob.id);
    for (const [method, url, body] of calls) {
      const response = await bob.agent.request(method as 'GET', url, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Hers');
    }
    // Bob's delete naming one of his and one of hers deletes neither.
    const his = await create(bob.agent, { name: 'His' });
    expect((await bob.agent.request('POST', '/rest/delete/strategies', { body: { ids: [his.id, hers.id] } })).statusCode).toBe(404);
    expect(await customCount(bob.id)).toBe(bobBefore + 1);
    expect(await load(ann.agent, hers.id)).toEqual(before);
  });

  it.skipIf(skip)('exports a diagram as its JSON file and imports it back unchanged; an original-format diagram round-trips', async () => {
    const mine = await create(ann.agent, { name: 'Round: trip', strategy: JSON.stringify(twoTier()) });
    const exported = await ann.agent.request('GET', `/action/export/strategies/${mine.id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/json/);
    expect(exported.headers['content-disposition']).toContain('filename="Round_ trip.json"');
    expect(exported.body).toBe(JSON.stringify(twoTier()));

    const inbox = await liveInbox(ann.agent, 'strategies');
    const imported = await upload(ann.agent, [{ name: 'Round trip.json', content: exported.body }, { name: 'original.json', content: ORIGINAL_TEXT }]);
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json() as { imported: StrategySummary[]; errors: unknown[] };
    expect(result.errors).toEqual([]);
    expect(result.imported.map((s) => s.name)).toEqual(['Round trip', 'original']);
    expect((await load(ann.agent, result.imported[0]!.id)).strategy).toBe(exported.body);
    const original = result.imported[1]!;
    expect((await ann.agent.request('GET', `/action/export/strategies/${original.id}`)).body).toBe(ORIGINAL_TEXT);
    await expect.poll(() => inbox.messages.length).toBe(2);
    expect(inbox.messages.map((m: { name: string }) => m.name)).toEqual(['add', 'add']);
  });

  it.skipIf(skip)('saves only what a call sends: a description alone keeps the diagram, a preview alone keeps both; a BOM-marked file imports', async () => {
    const mine = await create(ann.agent, { name: 'Parts', strategy: JSON.stringify(twoTier()), description: '<p>first</p>' });
    const first = await load(ann.agent, mine.id);
    const described = await ann.agent.request('PUT', `/rest/strategies/${mine.id}`, { body: { name: 'Parts', description: '<p>second</p>', img: null, strategy: null } });
    expect(described.statusCode, described.body).toBe(200);
    const described2 = await load(ann.agent, mine.id);
    expect(withoutImg(described2)).toEqual({ ...withoutImg(first), description: '<p>second</p>' });
    expect(await preview(ann.agent, described2.previewUrl)).toBe(await preview(ann.agent, first.previewUrl));
    const pictured = await ann.agent.request('PUT', `/rest/strategies/${mine.id}`, { body: { name: 'Parts', img: '<svg viewBox="0 0 4 4"><circle cx="2" cy="2" r="1"/></svg>' } });
    expect(pictured.statusCode, pictured.body).toBe(200);
    const after = await load(ann.agent, mine.id);
    expect(after).toMatchObject({ description: '<p>second</p>', strategy: first.strategy });
    expect(await preview(ann.agent, after.previewUrl)).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle cx="2" cy="2" r="1"></circle></svg>');
    expect(after.img).not.toBe(described2.img);

    const bom = await upload(ann.agent, [{ name: 'bom.json', content: `\uFEFF${JSON.stringify(twoTier())}` }]);
    expect(bom.statusCode, bom.body).toBe(200);
    const [imported] = (bom.json() as { imported: StrategySummary[] }).imported;
    expect((await load(ann.agent, imported!.id)).strategy).toBe(JSON.stringify(twoTier()));
  });

  it.skipIf(skip)('lists each refused file of an import: not JSON, a cycle, two Money Sites; a ZIP with one bad file imports the good ones', async () => {
    const before = await customCount(ann.id);
    const allBad = await upload(ann.agent, [
      { name: 'notes.json', content: 'this is not json' },
      { name: 'cycle.json', content: JSON.stringify(withCycle()) },
      { name: 'two.json', content: JSON.stringify(twoMoneySites()) },
      { name: 'picture.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) },
    ]);
    expect(allBad.statusCode).toBe(422);
    expect(allBad.json().error.message).toBe(STRATEGY_MESSAGES.nothingImported);
    const details = allBad.json().error.details as string[];
    expect(details).toHaveLength(4);
    expect(details[0]).toMatch(/^notes\.json: The diagram cannot be saved: The diagram is not JSON/);
    expect(details[1]).toMatch(/^cycle\.json: .*form a cycle/);
    expect(details[2]).toMatch(/^two\.json: .*2 Money Sites/);
    expect(details[3]).toBe(`picture.png: ${STRATEGY_MESSAGES.notDiagramFile}`);
    expect(await customCount(ann.id)).toBe(before);

    const zip = await zipOf({ 'good one.json': JSON.stringify(twoTier()), 'folder/bad.json': JSON.stringify(withCycle()), 'good two.json': JSON.stringify(defaultDiagram()) });
    const mixed = await upload(ann.agent, [{ name: 'diagrams.zip', content: zip }]);
    expect(mixed.statusCode, mixed.body).toBe(200);
    const result = mixed.json() as { imported: StrategySummary[]; errors: { file: string; message: string }[] };
    expect(result.imported.map((s) => s.name)).toEqual(['good one', 'good two']);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ file: 'diagrams.zip/folder/bad.json' });
    expect(result.errors[0]!.message).toContain('form a cycle');
    expect(await customCount(ann.id)).toBe(before + 2);

    const noFile = await ann.agent.request('POST', '/action/import/strategies', { body: { file: 'x' } });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
  });
});
