import { describe, expect, it } from 'vitest';
import { DIAGRAM_RULE_MESSAGES, defaultDiagram, isDiagramLink, type Diagram, type DiagramElement } from '@linkloom/shared';
import { emptyHistory, execute, undo } from '../history/command-history';
import type { Command } from '../history/command-history';
import {
  addNodeCommand, clearCommand, connectCommand, copySelection, isRefusal, moveCommand, pasteCommand, profileNameCommand,
  reconnectSourceCommand, removeCommand, swapLinkCommand, toggleModuleCommand, type Refusal,
} from './diagram-commands';

let counter = 0;
const nextId = () => `n${++counter}`;
const run = (doc: Diagram, command: Command<Diagram> | Refusal | null): Diagram => {
  if (command === null || isRefusal(command)) throw new Error('refused');
  return command.apply(doc);
};
const node = (doc: Diagram, id: string) => doc.cells.find((cell) => cell.id === id) as DiagramElement;
const lastId = (doc: Diagram) => doc.cells.at(-1)?.id ?? '';

describe('diagram commands (spec 2 §4)', () => {
  it('numbers a kind from the lowest free number and frees it on delete', () => {
    let doc = defaultDiagram('m');
    doc = run(doc, addNodeCommand(doc, 'Wiki', { x: 12, y: 207 }, nextId));
    const first = lastId(doc);
    doc = run(doc, addNodeCommand(doc, 'Wiki', { x: 0, y: 0 }, nextId));
    expect(node(doc, first)).toMatchObject({ type: 'LinkLoom.Wiki', position: { x: 10, y: 210 }, custom: { nameId: 1, projectName: 'Wiki (1)' } });
    expect(node(doc, lastId(doc)).custom?.projectName).toBe('Wiki (2)');
    expect(node(doc, first).size.width).toBeGreaterThanOrEqual(90);
    doc = run(doc, removeCommand(doc, new Set([first])));
    doc = run(doc, addNodeCommand(doc, 'Wiki', { x: 0, y: 0 }, nextId));
    expect(node(doc, lastId(doc)).custom?.projectName).toBe('Wiki (1)');
    doc = run(doc, addNodeCommand(doc, 'PremiumWiki', { x: 0, y: 0 }, nextId));
    expect(node(doc, lastId(doc)).custom?.projectName).toBe('Premium Wiki (1)');
  });

  it('drops a node centred on the point when asked (under the pointer), on the grid', () => {
    const doc = run(defaultDiagram('m'), addNodeCommand(defaultDiagram('m'), 'Wiki', { x: 300, y: 200 }, nextId, 'centre'));
    const added = node(doc, lastId(doc));
    // A Wiki node is 120 by 54: its corner goes half of that up and left, then onto the 10 px grid.
    expect(added.size).toEqual({ width: 120, height: 54 });
    expect(added.position).toEqual({ x: 240, y: 170 });
    expect(Math.abs(added.position.x + added.size.width / 2 - 300)).toBeLessThanOrEqual(5);
    expect(Math.abs(added.position.y + added.size.height / 2 - 200)).toBeLessThanOrEqual(5);
  });

  it('never removes the Money Site; clear keeps only it', () => {
    let doc = defaultDiagram('m');
    expect(removeCommand(doc, new Set(['m']))).toBeNull();
    doc = run(doc, addNodeCommand(doc, 'PDF', { x: 0, y: 0 }, nextId));
    doc = run(doc, connectCommand(doc, 'm', lastId(doc), nextId));
    doc = run(doc, clearCommand(doc));
    expect(doc.cells.map((cell) => cell.id)).toEqual(['m']);
  });

  it('refuses a second parent and says why; a removed node takes its links along', () => {
    let doc = defaultDiagram('m');
    doc = run(doc, addNodeCommand(doc, 'Project', { x: 0, y: 200 }, nextId));
    const project = lastId(doc);
    doc = run(doc, addNodeCommand(doc, 'Wiki', { x: 0, y: 300 }, nextId));
    const wiki = lastId(doc);
    doc = run(doc, connectCommand(doc, 'm', project, nextId));
    doc = run(doc, connectCommand(doc, project, wiki, nextId));
    const refused = connectCommand(doc, 'm', wiki, nextId);
    expect(refused).toEqual({ refused: DIAGRAM_RULE_MESSAGES.hasParent('Wiki (1)', 'Project (1)') });
    expect(connectCommand(doc, wiki, 'm', nextId)).toEqual({ refused: DIAGRAM_RULE_MESSAGES.toMoneySite });
    doc = run(doc, removeCommand(doc, new Set([project])));
    expect(doc.cells.filter(isDiagramLink)).toEqual([]);
  });

  it('moves a link source to another parent and swaps a link when the rules allow', () => {
    let doc = defaultDiagram('m');
    doc = run(doc, addNodeCommand(doc, 'Wiki', { x: 0, y: 0 }, nextId));
    const a = lastId(doc);
    doc = run(doc, addNodeCommand(doc, 'PDF', { x: 0, y: 0 }, nextId));
    const b = lastId(doc);
    doc = run(doc, connectCommand(doc, 'm', a, nextId));
    doc = run(doc, connectCommand(doc, 'm', b, nextId));
    const link = doc.cells.filter(isDiagramLink).find((cell) => cell.target.id === b);
    if (!link) throw new Error('no link');
    doc = run(doc, reconnectSourceCommand(doc, link, a));
    expect(doc.cells.filter(isDiagramLink).find((cell) => cell.id === link.id)?.source.id).toBe(a);
    const moved = doc.cells.filter(isDiagramLink).find((cell) => cell.id === link.id);
    if (!moved) throw new Error('no link');
    // Swapping a → b into b → a: a already has the Money Site as its parent.
    expect(isRefusal(swapLinkCommand(doc, moved))).toBe(true);
    const toMoney = doc.cells.filter(isDiagramLink).find((cell) => cell.target.id === a);
    if (!toMoney) throw new Error('no link');
    expect(swapLinkCommand(doc, toMoney)).toEqual({ refused: DIAGRAM_RULE_MESSAGES.toMoneySite });
  });

  it('toggles a Project module and resizes the node 20 px per ticked module', () => {
    let doc = defaultDiagram('m');
    doc = run(doc, addNodeCommand(doc, 'Project', { x: 0, y: 0 }, nextId));
    const id = lastId(doc);
    expect(node(doc, id).modules?.every((module) => !module.checked)).toBe(true);
    expect(node(doc, id).modules).toHaveLength(8);
    const height = node(doc, id).size.height;
    doc = run(doc, toggleModuleCommand(node(doc, id), 'Wiki'));
    doc = run(doc, toggleModuleCommand(node(doc, id), 'PDF'));
    expect(node(doc, id).size.height).toBe(height + 40);
    doc = run(doc, toggleModuleCommand(node(doc, id), 'Wiki'));
    expect(node(doc, id).size.height).toBe(height + 20);
    expect(node(doc, id).modules?.find((module) => module.id === 'PDF')?.checked).toBe(true);
  });

  it('sets the account store name on the node and its label', () => {
    let doc = defaultDiagram('m');
    doc = run(doc, addNodeCommand(doc, 'Wiki', { x: 0, y: 0 }, nextId));
    doc = run(doc, profileNameCommand(node(doc, lastId(doc)), 'Store B'));
    expect(node(doc, lastId(doc))).toMatchObject({ custom: { profileName: 'Store B', projectName: 'Wiki (1)' }, attrs: { label: { text: 'Wiki (1)\nStore B' } } });
  });

  it('copies nodes (not the Money Site) with the links among them, 20 px away, as new numbers', () => {
    let doc = defaultDiagram('m');
    doc = run(doc, addNodeCommand(doc, 'Wiki', { x: 100, y: 100 }, nextId));
    const a = lastId(doc);
    doc = run(doc, addNodeCommand(doc, 'PDF', { x: 100, y: 200 }, nextId));
    const b = lastId(doc);
    doc = run(doc, connectCommand(doc, 'm', a, nextId));
    doc = run(doc, connectCommand(doc, a, b, nextId));
    expect(copySelection(doc, new Set(['m']))).toBeNull();
    const clipboard = copySelection(doc, new Set(['m', a, b]));
    expect(clipboard?.cells.map((cell) => cell.id)).toEqual([a, b, doc.cells.filter(isDiagramLink)[1]?.id]);
    if (!clipboard) throw new Error('nothing copied');
    const { command, ids } = pasteCommand(doc, clipboard, { x: 20, y: 20 }, nextId);
    const pasted = command.apply(doc);
    const copies = ids.map((id) => pasted.cells.find((cell) => cell.id === id));
    expect(copies[0]).toMatchObject({ type: 'LinkLoom.Wiki', position: { x: 120, y: 120 }, custom: { nameId: 2, projectName: 'Wiki (2)' } });
    expect(copies[1]).toMatchObject({ type: 'LinkLoom.PDF', custom: { projectName: 'PDF (2)' } });
    expect(copies[2]).toMatchObject({ source: { id: ids[0] }, target: { id: ids[1] } });
    expect(command.revert(pasted)).toEqual(doc);
  });

  it('undoes a move, a delete and an add back to the same document', () => {
    const start = defaultDiagram('m');
    let state = execute(emptyHistory<Diagram>(), start, addNodeCommand(start, 'Wiki', { x: 0, y: 300 }, nextId) as Command<Diagram>);
    const added = state.doc;
    const id = lastId(added);
    state = execute(state.history, state.doc, moveCommand('Move', state.doc, new Map([[id, { x: 50, y: 50 }]])) as Command<Diagram>);
    state = execute(state.history, state.doc, removeCommand(state.doc, new Set([id])) as Command<Diagram>);
    expect(state.doc.cells).toHaveLength(1);
    state = undo(state.history, state.doc);
    expect(node(state.doc, id).position).toEqual({ x: 50, y: 50 });
    state = undo(state.history, state.doc);
    expect(state.doc).toEqual(added);
    state = undo(state.history, state.doc);
    expect(state.doc).toEqual(start);
  });
});
