import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setStoredName, takeReturnTo } from '@/lib/session-store';
import { sessionKeys } from './session-api';

/**
 * Finishes a successful login or setup: stores the name (spec 1, section 4) and moves to the
 * remembered route, or /campaigns.
 */
export function useCompleteSignIn(): (name: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (name: string) => {
      // A session check cached before this login would describe the previous session.
      queryClient.removeQueries({ queryKey: sessionKeys.session });
      setStoredName(name);
      await navigate(takeReturnTo(), { replace: true });
    },
    [navigate, queryClient],
  );
}
