import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_ROUTE } from '@linkloom/shared';
import { useSessionQuery } from '@/features/session';
import { rememberReturnTo, setStoredName } from '@/lib/session-store';
import { useStoredName } from '@/lib/use-stored-name';

/** Sends a signed-out visitor to login, remembering where they wanted to go (spec 1, section 2). */
function SendToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnTo(location.pathname + location.search);
    void navigate(LOGIN_ROUTE, { replace: true });
  }, [location, navigate]);
  return null;
}

/**
 * Verifies the server session while the frame and the screen already load their data: the three
 * calls go out together instead of in a chain (issue 10). A 401 from any of them leads to login
 * through the HTTP client, so a stale name never shows the console for long, and nothing of a
 * user's is shown without a valid session (the server refuses every call without one).
 */
function SessionCheck({ name, children }: { name: string; children: ReactNode }) {
  const session = useSessionQuery();
  const confirmedName = session.data?.name;
  useEffect(() => {
    // The server knows best who is signed in (e.g. a name edited in another tab).
    if (confirmedName !== undefined && confirmedName !== name) setStoredName(confirmedName);
  }, [confirmedName, name]);
  return children;
}

/** Every route but login and setup needs a signed-in user (a stored name, spec 1, section 6). */
export function RequireSession({ children }: { children: ReactNode }) {
  const name = useStoredName();
  if (name === null) return <SendToLogin />;
  return <SessionCheck name={name}>{children}</SessionCheck>;
}
