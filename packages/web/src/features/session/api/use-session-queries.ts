import { useQuery } from '@tanstack/react-query';
import { fetchSession, fetchSetupStatus, sessionKeys } from './session-api';

/** Whether the first account must still be created; asked once per page load. */
export function useSetupStatusQuery() {
  return useQuery({ queryKey: sessionKeys.setupStatus, queryFn: fetchSetupStatus, staleTime: Infinity });
}

/**
 * Confirms the server session behind the stored name. A 401 here sends the user to login through
 * the HTTP client, so a stale name never shows the console for long.
 */
export function useSessionQuery() {
  return useQuery({ queryKey: sessionKeys.session, queryFn: fetchSession, staleTime: 60_000 });
}
