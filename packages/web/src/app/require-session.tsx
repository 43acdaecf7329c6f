import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_ROUTE } from '@linkloom/shared';
import { FullPageSpin } from '@/components/full-page-spin';
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

/** Verifies the server session (a 401 leads to login via the HTTP client), then shows the frame. */
function SessionCheck({ name, children }: { name: string; children: ReactNode }) {
  const session = useSessionQuery();
  const confirmedName = session.data?.name;
  useEffect(() => {
    // The server knows best who is signed in (e.g. a name edited in another tab).
    if (confirmedName !== undefined && confirmedName !== name) setStoredName(confirmedName);
  }, [confirmedName, name]);
  if (session.isPending) return <FullPageSpin />;
  return children;
}

/** Every route but login and setup needs a signed-in user (a stored name, spec 1, section 6). */
export function RequireSession({ children }: { children: ReactNode }) {
  const name = useStoredName();
  if (name === null) return <SendToLogin />;
  return <SessionCheck name={name}>{children}</SessionCheck>;
}
