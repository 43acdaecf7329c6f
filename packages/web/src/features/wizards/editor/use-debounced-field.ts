import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useWizardEditor } from './editor-context';
import { PendingCommit } from './pending-commit';

/** Spec 2 §4 and §9: form changes reach the wizard after 1000 ms (links) or 200 ms (accounts). */
export const LINKS_DEBOUNCE_MS = 1000;
export const ACCOUNTS_DEBOUNCE_MS = 200;

/** Equal values, or objects with the same own fields (a field group built afresh each render). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * A field whose typing reaches the wizard `waitMs` after the last keystroke. The field shows what
 * is typed at once; Save Wizard and Create Campaign commit a pending value first (registerFlush),
 * and leaving the tab commits it too, so nothing typed is lost.
 */
export function useDebouncedField<T>(value: T, commit: (next: T) => void, waitMs: number): [T, (next: T) => void] {
  const { registerFlush, markTyping } = useWizardEditor();
  const [local, setLocal] = useState(value);
  const [pending, setPending] = useState(false);
  const [seen, setSeen] = useState(value);
  const [waiting] = useState(() => new PendingCommit<T>(waitMs));
  useLayoutEffect(() => {
    waiting.onCommit((next) => {
      setPending(false);
      commit(next);
    });
  });
  const flush = useCallback(() => waiting.flush(), [waiting]);
  useEffect(() => registerFlush(flush), [registerFlush, flush]);
  useEffect(() => () => flush(), [flush]);

  // A change from elsewhere (a reset, generated values) shows unless the user is mid-typing.
  if (!sameValue(value, seen)) {
    setSeen(value);
    if (!pending) setLocal(value);
  }

  const change = useCallback((next: T) => {
    setLocal(next);
    setPending(true);
    markTyping();
    waiting.set(next);
  }, [waiting, markTyping]);
  return [local, change];
}
