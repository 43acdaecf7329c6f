import { describe, expect, it, vi } from 'vitest';
import { defaultDiagram, type Diagram } from '@linkloom/shared';
import { createDiagramStore } from './diagram-store';

const moved = (doc: Diagram): Diagram => ({ ...doc, cells: doc.cells.map((cell) => ({ ...cell, id: `${cell.id}'` })) });

describe('diagram store', () => {
  it('runs, previews and records edits, telling its listeners after each', () => {
    const initial = defaultDiagram('m');
    const store = createDiagramStore(initial);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.run({ label: 'Rename', apply: moved, revert: () => initial });
    expect(store.current().cells[0]?.id).toBe("m'");
    expect(store.getState().history.undoStack.map((command) => command.label)).toEqual(['Rename']);

    // A drag: previews change the document only; the finished drag is recorded, not applied again.
    store.preview(moved);
    expect(store.current().cells[0]?.id).toBe("m''");
    store.recordDone({ label: 'Move node', apply: moved, revert: (doc) => doc });
    expect(store.current().cells[0]?.id).toBe("m''");
    expect(store.getState().history.undoStack).toHaveLength(2);
    expect(listener).toHaveBeenCalledTimes(3);

    store.undo();
    store.undo();
    expect(store.current()).toBe(initial);
    unsubscribe();
    store.redo();
    expect(listener).toHaveBeenCalledTimes(5);
    store.reset(initial);
    expect(store.getState().history.undoStack).toEqual([]);
  });
});
