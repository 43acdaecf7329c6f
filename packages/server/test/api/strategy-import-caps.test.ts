/**
 * Caps of the diagram import and of diagram saves (issue 33 item 7): diagrams per upload (a ZIP
 * of thousands makes none, refused whole), cells per diagram, and nesting depth (a cell nested
 * 700,000 deep is refused before it is parsed, without overflowing any stack). Each refusal is a
 * 4xx whose message, from packages/shared, names the cap. The markup of a strategy (its preview
 * picture, SVG: the XML path, and its description, HTML) is refused past its depth cap, and the
 * parse stops there: htmlparser2's work grows with the square of the depth.
 */
import { describe, expect, it } from 'vitest';
import {
  DIAGRAM_IMPORT_MAX_FILES, DIAGRAM_MAX_CELLS, DIAGRAM_MAX_NESTING, DIAGRAM_SCHEMA_MESSAGES, DIAGRAM_TEXT_MESSAGES, STRATEGY_MARKUP_MAX_DEPTH,
  STRATEGY_MESSAGES, defaultDiagram, type Diagram, type StrategySummary,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { multipart } from '../support/multipart';
import { zipOf } from '../support/content-fixtures';
import type { Agent } from '../support/agent';

function upload(agent: Agent, parts: { name: string; content: string | Buffer }[]) {
  const { body, headers } = multipart(parts);
  return agent.request('POST', '/action/import/strategies', { body, headers });
}

/**
 * The default diagram's text nesting `depth` levels in all: its Money Site's `attrs` hold lists in
 * lists (the document, the cell list, the cell and `attrs` are the first four levels).
 */
function nestedDiagramText(depth: number): string {
  const lists = depth - 4;
  const text = JSON.stringify(defaultDiagram('m')).replace('"id":"m"', `"id":"m","attrs":{"deep":${'['.repeat(lists)}${']'.repeat(lists)}}`);
  if (!text.includes('"deep"')) throw new Error('the Money Site was not found');
  return text;
}

/**
 * A diagram of `count` cells (odd: the Money Site, then Wiki nodes each with its link from the
 * Money Site), bare enough for a save's 1 MB body.
 */
function diagramOfCells(count: number): Diagram {
  const cells: Diagram['cells'] = [defaultDiagram('m').cells[0]!];
  for (let index = 0; cells.length < count; index += 1) {
    cells.push({ type: 'LinkLoom.Wiki', id: `w${index}`, position: { x: 0, y: 0 }, size: { width: 1, height: 1 } });
    cells.push({ type: 'standard.Link', id: `l${index}`, source: { id: 'm' }, target: { id: `w${index}` } });
  }
  return { cells };
}

describe.each(DATABASES)('diagram import caps on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const customCount = async () => Number((await ctx.server.database.db.selectFrom('strategies').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', ann.id).executeTakeFirstOrThrow()).n);

  it.skipIf(skip)(`imports at most ${DIAGRAM_IMPORT_MAX_FILES} diagrams per upload: past it the whole upload is refused and nothing is stored`, async () => {
    const before = await customCount();
    const files = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`d${index}.json`, JSON.stringify(defaultDiagram())]));

    const tooMany = await upload(ann.agent, [{ name: 'many.zip', content: await zipOf(files(2000)) }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe(STRATEGY_MESSAGES.tooManyFiles);
    expect(STRATEGY_MESSAGES.tooManyFiles).toContain(String(DIAGRAM_IMPORT_MAX_FILES));
    // Plain files and ZIP entries count together.
    const mixed = await upload(ann.agent, [{ name: 'one.json', content: JSON.stringify(defaultDiagram()) }, { name: 'rest.zip', content: await zipOf(files(DIAGRAM_IMPORT_MAX_FILES)) }]);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().error.message).toBe(STRATEGY_MESSAGES.tooManyFiles);
    expect(await customCount()).toBe(before);

    const atTheCap = await upload(ann.agent, [{ name: 'cap.zip', content: await zipOf(files(DIAGRAM_IMPORT_MAX_FILES)) }]);
    expect(atTheCap.statusCode, atTheCap.body).toBe(200);
    expect((atTheCap.json() as { imported: StrategySummary[] }).imported).toHaveLength(DIAGRAM_IMPORT_MAX_FILES);
    expect(await customCount()).toBe(before + DIAGRAM_IMPORT_MAX_FILES);
  });

  it.skipIf(skip)(`refuses a diagram of more than ${DIAGRAM_MAX_CELLS} cells, in an import and in a save`, async () => {
    const before = await customCount();
    const tooMany = await upload(ann.agent, [{ name: 'big.json', content: JSON.stringify(diagramOfCells(DIAGRAM_MAX_CELLS + 1)) }]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.details).toEqual([`big.json: ${STRATEGY_MESSAGES.invalidDiagram([DIAGRAM_SCHEMA_MESSAGES.tooManyCells])}`]);
    expect(DIAGRAM_SCHEMA_MESSAGES.tooManyCells).toContain(String(DIAGRAM_MAX_CELLS));
    const saved = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'Big', strategy: JSON.stringify(diagramOfCells(DIAGRAM_MAX_CELLS + 1)) } });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().error.message).toBe(STRATEGY_MESSAGES.invalidDiagram([DIAGRAM_SCHEMA_MESSAGES.tooManyCells]));
    expect(await customCount()).toBe(before);

    // A whole tree just under the cap (its cells come in pairs after the Money Site) is imported.
    const underTheCap = diagramOfCells(DIAGRAM_MAX_CELLS - 1);
    expect(underTheCap.cells).toHaveLength(DIAGRAM_MAX_CELLS - 1);
    const imported = await upload(ann.agent, [{ name: 'full.json', content: JSON.stringify(underTheCap) }]);
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
  });

  it.skipIf(skip)(`refuses a diagram nested more than ${DIAGRAM_MAX_NESTING} levels deep (700,000 too) before parsing it, in an import and in a save`, async () => {
    const before = await customCount();
    const refusal = STRATEGY_MESSAGES.invalidDiagram([DIAGRAM_TEXT_MESSAGES.tooDeep]);
    expect(DIAGRAM_TEXT_MESSAGES.tooDeep).toContain(String(DIAGRAM_MAX_NESTING));
    for (const depth of [700_000, DIAGRAM_MAX_NESTING + 1]) {
      const imported = await upload(ann.agent, [{ name: 'deep.json', content: nestedDiagramText(depth) }]);
      expect(imported.statusCode, `${depth} levels`).toBe(422);
      expect(imported.json().error.details).toEqual([`deep.json: ${refusal}`]);
    }
    // A save's body is at most 1 MB: 400,000 levels fit in it.
    for (const depth of [400_000, DIAGRAM_MAX_NESTING + 1]) {
      const saved = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'Deep', strategy: nestedDiagramText(depth) } });
      expect(saved.statusCode, `${depth} levels`).toBe(422);
      expect(saved.json().error.message).toBe(refusal);
    }
    expect(await customCount()).toBe(before);
    // Exactly at the cap it is a diagram like any other.
    const atTheCap = await upload(ann.agent, [{ name: 'nested.json', content: nestedDiagramText(DIAGRAM_MAX_NESTING) }]);
    expect(atTheCap.statusCode, atTheCap.body.slice(0, 300)).toBe(200);
    // Brackets inside texts are not nesting.
    const bracketsInText = JSON.stringify({ cells: [{ ...defaultDiagram('m').cells[0]!, attrs: { label: { text: '['.repeat(10_000) } } }] });
    expect((await upload(ann.agent, [{ name: 'brackets.json', content: bracketsInText }])).statusCode).toBe(200);
  });

  it.skipIf(skip)(`refuses a preview picture (SVG) or a description (HTML) nesting more than ${STRATEGY_MARKUP_MAX_DEPTH} elements, at the first element past it`, async () => {
    const before = await customCount();
    const nested = (open: string, close: string, depth: number, inner = '') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
    // 140,000 levels is what fits in a save's 1 MB body; the parser's own stack work grows with the
    // square of the depth, so it is never asked to go past the cap.
    for (const depth of [140_000, STRATEGY_MARKUP_MAX_DEPTH]) {
      const img = `<svg viewBox="0 0 4 4">${nested('<g>', '</g>', depth, '<circle cx="2" cy="2" r="1"/>')}</svg>`;
      const saved = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'Deep picture', img } });
      expect(saved.statusCode, `${depth} levels`).toBe(422);
      expect(saved.json().error.message).toBe(STRATEGY_MESSAGES.imgTooDeep);
      const described = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'Deep text', description: nested('<b>', '</b>', depth + 1, 'x') } });
      expect(described.statusCode, `${depth} levels`).toBe(422);
      expect(described.json().error.message).toBe(STRATEGY_MESSAGES.descriptionTooDeep);
    }
    expect(STRATEGY_MESSAGES.imgTooDeep).toContain(String(STRATEGY_MARKUP_MAX_DEPTH));
    expect(await customCount()).toBe(before);

    // Within the cap both are stored and read back.
    const img = `<svg viewBox="0 0 4 4">${nested('<g>', '</g>', STRATEGY_MARKUP_MAX_DEPTH - 1)}</svg>`;
    const saved = await ann.agent.request('POST', '/rest/strategies', { body: { name: 'Nested picture', img, description: nested('<b>', '</b>', STRATEGY_MARKUP_MAX_DEPTH, 'x') } });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const loaded = await ann.agent.request('GET', `/rest/strategies/${(saved.json() as StrategySummary).id}`);
    expect(loaded.json().strategy.description).toBe(nested('<b>', '</b>', STRATEGY_MARKUP_MAX_DEPTH, 'x'));
  });
});
