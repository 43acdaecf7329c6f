import type { Diagram } from '@linkloom/shared';
import { emptyHistory, execute, record, redo, undo, type Command, type History } from './history/command-history';

/** The designer's document and its undo history. */
export interface EditorState {
  doc: Diagram;
  history: History<Diagram>;
}

/**
 * The diagram being edited, outside React: the designer page keeps one and watches only whether
 * it changed (its Save button), so a drag, which changes the document on every pointer move,
 * draws the paper again and not the whole page.
 */
export interface DiagramStore {
  getState: () => EditorState;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  run: (command: Command<Diagram>) => void;
  /** Shows a change without recording it (node positions while the pointer drags). */
  preview: (change: (doc: Diagram) => Diagram) => void;
  /** Records an edit already shown by `preview` (the finished drag). */
  recordDone: (command: Command<Diagram>) => void;
  undo: () => void;
  redo: () => void;
  /** Starts over from a loaded document with an empty history. */
  reset: (doc: Diagram) => void;
  /** The current document (event handlers in the same frame as a change). */
  current: () => Diagram;
}

/** A store holding `initial` with an empty history; every change is a command or a drag preview. */
export function createDiagramStore(initial: Diagram): DiagramStore {
  let state: EditorState = { doc: initial, history: emptyHistory() };
  const listeners = new Set<() => void>();
  const update = (next: (previous: EditorState) => EditorState) => {
    state = next(state);
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run: (command) => update((previous) => execute(previous.history, previous.doc, command)),
    preview: (change) => update((previous) => ({ ...previous, doc: change(previous.doc) })),
    recordDone: (command) => update((previous) => ({ ...previous, history: record(previous.history, command) })),
    undo: () => update((previous) => undo(previous.history, previous.doc)),
    redo: () => update((previous) => redo(previous.history, previous.doc)),
    reset: (doc) => update(() => ({ doc, history: emptyHistory() })),
    current: () => state.doc,
  };
}
