import { useCallback, useRef, useState } from 'react';
import type { Diagram } from '@linkloom/shared';
import { canRedo, canUndo, emptyHistory, execute, record, redo, undo, type Command, type History } from './history/command-history';

interface EditorState {
  doc: Diagram;
  history: History<Diagram>;
}

/** The designer's document and its undo history, changed only through commands. */
export interface DiagramEditor {
  doc: Diagram;
  canUndo: boolean;
  canRedo: boolean;
  /** Label of the edit undo would take back (the button's tooltip). */
  undoLabel: string | null;
  run: (command: Command<Diagram>) => void;
  /** Shows a change without recording it (node positions while the pointer drags). */
  preview: (change: (doc: Diagram) => Diagram) => void;
  /** Records an edit already shown by `preview` (the finished drag). */
  recordDone: (command: Command<Diagram>) => void;
  undo: () => void;
  redo: () => void;
  /** Starts over from a loaded document with an empty history. */
  reset: (doc: Diagram) => void;
  /** The current document without waiting for a render (event handlers in the same frame). */
  current: () => Diagram;
}

/** Holds the diagram and its history together, so every change is a command or a drag preview. */
export function useDiagramEditor(initial: Diagram): DiagramEditor {
  const [state, setState] = useState<EditorState>(() => ({ doc: initial, history: emptyHistory() }));
  const latest = useRef(state);
  const update = useCallback((next: (previous: EditorState) => EditorState) => {
    const value = next(latest.current);
    latest.current = value;
    setState(value);
  }, []);

  return {
    doc: state.doc,
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
    undoLabel: state.history.undoStack.at(-1)?.label ?? null,
    run: useCallback((command) => update((previous) => execute(previous.history, previous.doc, command)), [update]),
    preview: useCallback((change) => update((previous) => ({ ...previous, doc: change(previous.doc) })), [update]),
    recordDone: useCallback((command) => update((previous) => ({ ...previous, history: record(previous.history, command) })), [update]),
    undo: useCallback(() => update((previous) => undo(previous.history, previous.doc)), [update]),
    redo: useCallback(() => update((previous) => redo(previous.history, previous.doc)), [update]),
    reset: useCallback((doc) => update(() => ({ doc, history: emptyHistory() })), [update]),
    current: useCallback(() => latest.current.doc, []),
  };
}
