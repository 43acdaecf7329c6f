/**
 * GET /rest/strategies/{id} answers the preview as SVG text (spec 2 §3 "Strategy", issue 38 round
 * 2), its address beside it in `previewUrl`, and PUT /rest/strategies/{id} takes back exactly what
 * GET answered (a rename of the original's sends it with a new name). A link to this strategy's
 * own preview in `img` (what the lists, and GET before, answer) keeps the preview unchanged.
 */
import { describe, expect, it } from 'vitest';
import {
  STRATEGY_MESSAGES, StrategyListResponseSchema, StrategyResponseSchema, StrategySummarySchema, defaultDiagram, newDiagramNode,
  type Diagram, type StrategySummary,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';

/** Money Site → Wiki (1). */
function oneTier(): Diagram {
  const base = defaultDiagram('m');
  const wiki = newDiagramNode(base, 'Wiki', { x: 100, y: 220 }, 'w1');
  return { cells: [...base.cells, wiki, { type: 'standard.Link', id: 'l1', source: { id: 'm' }, target: { id: 'w1' } }] };
}
const PICTURE = '<svg viewBox="0 0 10 10"><rect width="5" height="5"/></svg>';
const STORED_PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"></rect></svg>';

describe.each(DATABASES)('a strategy sent back as GET answered it on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);

  const getRaw = async (agent: Agent, id: number) => {
    const response = await agent.request('GET', `/rest/strategies/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { strategy: Record<string, unknown> };
  };
  const load = async (agent: Agent, id: number) => StrategyResponseSchema.parse(await getRaw(agent, id)).strategy;
  const put = (agent: Agent, id: number, body: unknown) => agent.request('PUT', `/rest/strategies/${id}`, { body });
  const picture = async (agent: Agent, address: string | null) => {
    const response = await agent.request('GET', address!);
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const create = async (agent: Agent, body: Record<string, unknown>): Promise<StrategySummary> => {
    const response = await agent.request('POST', '/rest/strategies', { body });
    expect(response.statusCode, response.body).toBe(200);
    return StrategySummarySchema.parse(response.json());
  };

  it.skipIf(skip)('answers the preview as SVG text with its address beside it; the lists keep the address', async () => {
    const mine = await create(ann.agent, { name: 'Pictured', img: PICTURE, strategy: JSON.stringify(oneTier()) });
    const one = await load(ann.agent, mine.id);
    expect(one.img).toBe(STORED_PICTURE);
    expect(one.previewUrl).toBe(mine.img);
    expect(await picture(ann.agent, one.previewUrl)).toBe(one.img);
    const listed = StrategyListResponseSchema.parse((await ann.agent.request('GET', '/rest/strategies')).json()).strategies.find((s) => s.id === mine.id)!;
    expect(listed.img).toBe(mine.img);
    // A built-in one too.
    const builtin = await load(bob.agent, 1);
    expect(builtin.img).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(await picture(bob.agent, builtin.previewUrl)).toBe(builtin.img);
  });

  it.skipIf(skip)('takes back exactly what GET answered, renamed or not, and reads the same after', async () => {
    const mine = await create(ann.agent, { name: 'Round trip', img: PICTURE, strategy: JSON.stringify(oneTier()), description: '<p>Tier <b>one</b></p>' });
    const answered = (await getRaw(ann.agent, mine.id)).strategy;
    const same = await put(ann.agent, mine.id, answered);
    expect(same.statusCode, same.body).toBe(200);
    const renamed = await put(ann.agent, mine.id, { ...answered, name: 'Round trip renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await load(ann.agent, mine.id);
    const { previewUrl: _before, ...kept } = StrategyResponseSchema.parse({ strategy: answered }).strategy;
    const { previewUrl: _after, ...now } = after;
    expect(now).toEqual({ ...kept, name: 'Round trip renamed' });
    expect(await picture(ann.agent, after.previewUrl)).toBe(STORED_PICTURE);
    // The original's rename: null diagram and description, the rest as read.
    const nameOnly = await put(ann.agent, mine.id, { ...answered, name: 'Third name', strategy: null, description: null });
    expect(nameOnly.statusCode, nameOnly.body).toBe(200);
    expect(await load(ann.agent, mine.id)).toMatchObject({ name: 'Third name', img: STORED_PICTURE, strategy: answered.strategy, description: '<p>Tier <b>one</b></p>' });
  });

  it.skipIf(skip)("keeps the preview when img is a link to the strategy's own preview, whatever its version or host", async () => {
    const mine = await create(ann.agent, { name: 'Linked', img: PICTURE, strategy: JSON.stringify(oneTier()) });
    const before = await load(ann.agent, mine.id);
    const links = [
      mine.img!,
      before.previewUrl!,
      `/rest/strategies/${mine.id}/preview?v=1`,
      `http://127.0.0.1:8080/rest/strategies/${mine.id}/preview?v=stale`,
    ];
    for (const [i, img] of links.entries()) {
      // A rename with the link, and a save of a new diagram and description with it.
      const rename = await put(ann.agent, mine.id, { id: mine.id, name: `Linked ${i}`, img, strategy: null, description: null });
      expect(rename.statusCode, `${img}: ${rename.body}`).toBe(200);
      const text = JSON.stringify({ cells: oneTier().cells.map((cell) => (cell.id === 'w1' ? { ...cell, position: { x: 100 + i, y: 220 } } : cell)) });
      const save = await put(ann.agent, mine.id, { id: mine.id, name: `Linked ${i}`, img, strategy: text, description: `<p>${i}</p>` });
      expect(save.statusCode, `${img}: ${save.body}`).toBe(200);
      expect(await load(ann.agent, mine.id)).toMatchObject({ name: `Linked ${i}`, img: STORED_PICTURE, strategy: text, description: `<p>${i}</p>` });
    }
    // A new picture still replaces it; a link to another strategy's preview is not this one's picture.
    expect((await put(ann.agent, mine.id, { name: 'Linked', img: '<svg viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/></svg>' })).statusCode).toBe(200);
    expect((await load(ann.agent, mine.id)).img).toContain('<circle');
    const other = await create(ann.agent, { name: 'Other', img: PICTURE });
    const foreign = await put(ann.agent, mine.id, { name: 'Linked', img: other.img });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.message).toBe(STRATEGY_MESSAGES.imgNotSvg);
    expect((await load(ann.agent, mine.id)).img).toContain('<circle');
  });

  it.skipIf(skip)('draws a preview from the diagram when the link is sent with a diagram but none is stored', async () => {
    const bare = await create(ann.agent, { name: 'Bare', strategy: JSON.stringify(oneTier()) });
    await ctx.server.database.db.updateTable('strategies').set({ img: null }).where('id', '=', bare.id).execute();
    expect(await load(ann.agent, bare.id)).toMatchObject({ img: null, previewUrl: null });
    const renamed = await put(ann.agent, bare.id, { name: 'Bare', img: bare.img, strategy: null, description: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await load(ann.agent, bare.id)).img).toBeNull();
    const saved = await put(ann.agent, bare.id, { name: 'Bare', img: bare.img, strategy: JSON.stringify(oneTier()), description: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    const drawn = await load(ann.agent, bare.id);
    expect(drawn.img).toMatch(/^<svg /);
    expect(await picture(ann.agent, drawn.previewUrl)).toBe(drawn.img);
    // Another user's strategy is still not found, link or not.
    expect((await put(bob.agent, bare.id, { name: 'Hijack', img: bare.img, strategy: null, description: null })).statusCode).toBe(404);
  });
});
