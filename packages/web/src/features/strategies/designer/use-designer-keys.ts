import { useCallback, useRef, type KeyboardEvent } from 'react';
import { DIAGRAM_EDITOR, MONEY_SITE_TYPE, isDiagramLink, type Diagram } from '@linkloom/shared';
import type { Command } from './history/command-history';
import { copySelection, pasteCommand, removeCommand, type Clipboard, type Refusal } from './model/diagram-commands';

/** What the keys act on: the document, the selection, and how an edit is run or refused. */
export interface DesignerKeysOptions {
  viewOnly: boolean;
  selected: ReadonlySet<string>;
  setSelected: (ids: ReadonlySet<string>) => void;
  current: () => Diagram;
  run: (command: Command<Diagram>) => void;
  /** Runs an edit, or says why the rules refuse it. */
  attempt: (command: Command<Diagram> | Refusal | null) => void;
  refuse: (reason: string) => void;
  undo: () => void;
  redo: () => void;
}

/**
 * The designer's keys: Ctrl (⌘) + Z / Y / Shift+Z undo and redo; + C, X, V copy, cut and paste
 * (each paste 20 px further, spec 2 §9); Delete removes the selection (never the Money Site).
 * Keys typed into a field are left alone. Returns the wrapper's keydown handler.
 */
export function useDesignerKeys(options: DesignerKeysOptions): (event: KeyboardEvent) => void {
  const { viewOnly, selected, setSelected, current, run, attempt, refuse, undo, redo } = options;
  const clipboard = useRef<{ clip: Clipboard; pastes: number } | null>(null);

  const copy = useCallback((cut: boolean) => {
    const clip = copySelection(current(), selected);
    if (clip === null) {
      if (selected.size > 0) refuse(`The Money Site cannot be ${cut ? 'cut' : 'copied'}`);
      return;
    }
    clipboard.current = { clip, pastes: 0 };
    if (cut) attempt(removeCommand(current(), new Set(clip.cells.map((cell) => cell.id))));
  }, [attempt, current, refuse, selected]);

  const paste = useCallback(() => {
    const held = clipboard.current;
    if (held === null) return;
    held.pastes += 1;
    const offset = DIAGRAM_EDITOR.pasteOffset * held.pastes;
    const pasted = pasteCommand(current(), held.clip, { x: offset, y: offset });
    run(pasted.command);
    setSelected(new Set(pasted.ids));
  }, [current, run, setSelected]);

  return useCallback((event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (viewOnly || target.closest('input, textarea, [contenteditable="true"], .ant-select')) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    let handled = true;
    if (mod && key === 'z' && !event.shiftKey) undo();
    else if (mod && (key === 'y' || (key === 'z' && event.shiftKey))) redo();
    else if (mod && key === 'c') copy(false);
    else if (mod && key === 'x') copy(true);
    else if (mod && key === 'v') paste();
    else if (key === 'delete' || key === 'backspace') {
      const ids = selected;
      if ([...ids].some((id) => current().cells.some((cell) => cell.id === id && !isDiagramLink(cell) && cell.type === MONEY_SITE_TYPE)) && ids.size === 1) {
        refuse('The Money Site cannot be removed');
      } else attempt(removeCommand(current(), ids));
    } else handled = false;
    if (handled) event.preventDefault();
  }, [attempt, copy, current, paste, redo, refuse, selected, undo, viewOnly]);
}
