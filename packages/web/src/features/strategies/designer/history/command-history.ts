/**
 * Undo / redo for the diagram designer (DESIGN rule 9, after n8n's models/history): every edit is
 * a command that knows how to apply itself to a document and how to take itself back. The
 * history holds no document of its own, so the designer's state stays the one source of truth.
 */
export interface Command<D> {
  /** What the edit was, e.g. 'Add node' (shown as the undo button's tooltip). */
  readonly label: string;
  apply(doc: D): D;
  revert(doc: D): D;
}

/** Several commands undone and redone as one (a paste, a delete of nodes and their links). */
export function batchCommand<D>(label: string, commands: readonly Command<D>[]): Command<D> {
  return {
    label,
    apply: (doc) => commands.reduce((next, command) => command.apply(next), doc),
    revert: (doc) => commands.reduceRight((next, command) => command.revert(next), doc),
  };
}

/** The undo and redo stacks; immutable, so React state can hold it. */
export interface History<D> {
  readonly undoStack: readonly Command<D>[];
  readonly redoStack: readonly Command<D>[];
}

/** How many edits can be undone; the oldest drop off past it. */
export const HISTORY_LIMIT = 200;

export function emptyHistory<D>(): History<D> {
  return { undoStack: [], redoStack: [] };
}

/** Applies `command` to `doc` and records it; a new edit clears what could be redone. */
export function execute<D>(history: History<D>, doc: D, command: Command<D>): { history: History<D>; doc: D } {
  const undoStack = [...history.undoStack, command].slice(-HISTORY_LIMIT);
  return { history: { undoStack, redoStack: [] }, doc: command.apply(doc) };
}

/**
 * Records a command whose effect is already in the document (a node drag shown live while the
 * pointer moved): only undo will run it, backwards.
 */
export function record<D>(history: History<D>, command: Command<D>): History<D> {
  return { undoStack: [...history.undoStack, command].slice(-HISTORY_LIMIT), redoStack: [] };
}

/** Takes the last edit back; unchanged when there is nothing to undo. */
export function undo<D>(history: History<D>, doc: D): { history: History<D>; doc: D } {
  const command = history.undoStack.at(-1);
  if (command === undefined) return { history, doc };
  return {
    history: { undoStack: history.undoStack.slice(0, -1), redoStack: [...history.redoStack, command] },
    doc: command.revert(doc),
  };
}

/** Does again the last undone edit; unchanged when there is nothing to redo. */
export function redo<D>(history: History<D>, doc: D): { history: History<D>; doc: D } {
  const command = history.redoStack.at(-1);
  if (command === undefined) return { history, doc };
  return {
    history: { undoStack: [...history.undoStack, command], redoStack: history.redoStack.slice(0, -1) },
    doc: command.apply(doc),
  };
}

export const canUndo = (history: History<unknown>): boolean => history.undoStack.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.redoStack.length > 0;
