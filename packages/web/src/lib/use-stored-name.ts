import { useSyncExternalStore } from 'react';
import { getStoredName, subscribeStoredName } from './session-store';

/** The signed-in user's stored name (null when signed out); re-renders when it changes. */
export function useStoredName(): string | null {
  return useSyncExternalStore(subscribeStoredName, getStoredName);
}
