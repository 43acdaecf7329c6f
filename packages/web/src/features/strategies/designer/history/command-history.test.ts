import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, batchCommand, canRedo, canUndo, emptyHistory, execute, record, redo, undo, type Command } from './command-history';

type Doc = readonly string[];
const push = (item: string): Command<Doc> => ({ label: `push ${item}`, apply: (doc) => [...doc, item], revert: (doc) => doc.slice(0, -1) });

describe('command history', () => {
  it('undoes and redoes edits in order', () => {
    let state = { history: emptyHistory<Doc>(), doc: [] as Doc };
    state = execute(state.history, state.doc, push('a'));
    state = execute(state.history, state.doc, push('b'));
    expect(state.doc).toEqual(['a', 'b']);
    state = undo(state.history, state.doc);
    expect(state.doc).toEqual(['a']);
    expect(canRedo(state.history)).toBe(true);
    state = undo(state.history, state.doc);
    expect(state.doc).toEqual([]);
    expect(canUndo(state.history)).toBe(false);
    state = redo(state.history, state.doc);
    state = redo(state.history, state.doc);
    expect(state.doc).toEqual(['a', 'b']);
    expect(canRedo(state.history)).toBe(false);
  });

  it('a new edit clears what could be redone', () => {
    let state = execute(emptyHistory<Doc>(), [], push('a'));
    state = undo(state.history, state.doc);
    state = execute(state.history, state.doc, push('c'));
    expect(canRedo(state.history)).toBe(false);
    expect(redo(state.history, state.doc).doc).toEqual(['c']);
  });

  it('does nothing with empty stacks', () => {
    const history = emptyHistory<Doc>();
    const doc: Doc = ['x'];
    expect(undo(history, doc)).toEqual({ history, doc });
    expect(redo(history, doc)).toEqual({ history, doc });
  });

  it('runs a batch forwards and takes it back in reverse', () => {
    const swapLast: Command<Doc> = {
      label: 'swap', apply: (doc) => [...doc.slice(0, -2), ...doc.slice(-2).reverse()], revert: (doc) => [...doc.slice(0, -2), ...doc.slice(-2).reverse()],
    };
    const batch = batchCommand<Doc>('paste', [push('a'), push('b'), swapLast]);
    const done = execute(emptyHistory<Doc>(), ['z'], batch);
    expect(done.doc).toEqual(['z', 'b', 'a']);
    expect(undo(done.history, done.doc).doc).toEqual(['z']);
  });

  it('records an edit already shown (a drag) so only undo runs it', () => {
    const history = record(emptyHistory<Doc>(), push('moved'));
    expect(undo(history, ['moved']).doc).toEqual([]);
  });

  it(`keeps the last ${HISTORY_LIMIT} edits`, () => {
    let state = { history: emptyHistory<Doc>(), doc: [] as Doc };
    for (let index = 0; index < HISTORY_LIMIT + 5; index += 1) state = execute(state.history, state.doc, push(String(index)));
    expect(state.history.undoStack).toHaveLength(HISTORY_LIMIT);
    expect(state.history.undoStack[0]?.label).toBe('push 5');
  });
});
