import { useState, useSyncExternalStore } from 'react';
import type { Diagram } from '@linkloom/shared';
import { canRedo, canUndo } from './history/command-history';
import { createDiagramStore, type DiagramStore } from './diagram-store';

/** The designer's document and its undo history, changed only through the store's commands. */
export interface DiagramEditor extends Omit<DiagramStore, 'getState' | 'subscribe'> {
  doc: Diagram;
  canUndo: boolean;
  canRedo: boolean;
  /** Label of the edit undo would take back (the button's tooltip). */
  undoLabel: string | null;
}

/** One store for the component's life, holding `initial` at first. */
export function useDiagramStore(initial: Diagram): DiagramStore {
  const [store] = useState(() => createDiagramStore(initial));
  return store;
}

/** The store's document and history, drawn again on every change (the paper). */
export function useDiagramEditor(store: DiagramStore): DiagramEditor {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return {
    doc: state.doc,
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
    undoLabel: state.history.undoStack.at(-1)?.label ?? null,
    run: store.run,
    preview: store.preview,
    recordDone: store.recordDone,
    undo: store.undo,
    redo: store.redo,
    reset: store.reset,
    current: store.current,
  };
}

/** Whether the store's document is other than `saved`: the page draws again only when this flips. */
export function useDiagramChanged(store: DiagramStore, saved: Diagram): boolean {
  return useSyncExternalStore(store.subscribe, () => store.getState().doc !== saved);
}
