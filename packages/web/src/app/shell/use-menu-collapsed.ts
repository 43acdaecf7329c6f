import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@linkloom/shared';
import { parseCollapsedFlag } from './collapsed-flag';

function readFlag(): boolean {
  try {
    return parseCollapsedFlag(localStorage.getItem(STORAGE_KEYS.menuCollapsed));
  } catch {
    return parseCollapsedFlag(null);
  }
}

/** The side menu's collapsed state, kept locally across reloads (spec 1, sections 2 and 9). */
export function useMenuCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(readFlag);
  const setCollapsed = useCallback((next: boolean) => {
    localStorage.setItem(STORAGE_KEYS.menuCollapsed, String(next));
    setCollapsedState(next);
  }, []);
  return [collapsed, setCollapsed];
}
