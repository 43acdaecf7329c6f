import { Navigate, Outlet, useLocation } from 'react-router';
import { SETUP_ROUTE } from '@linkloom/shared';
import { FullPageSpin } from '@/components/full-page-spin';
import { useSetupStatusQuery } from '@/features/session';
import { useStoredName } from '@/lib/use-stored-name';
import { useAppInfoQuery } from './app-info-query';

/**
 * The root of every route. Until the first account exists, every route leads to the setup screen
 * (a fresh install has nobody to log in as). A visitor with a stored name is not kept waiting for
 * that answer: the screen starts at once, so its data, the session check and this question travel
 * together instead of one after the other (issue 10); if setup turns out to be due, the stored name
 * is stale and the screen's calls are refused anyway.
 */
export function BootGate() {
  const setupStatus = useSetupStatusQuery();
  useAppInfoQuery();
  const { pathname } = useLocation();
  const name = useStoredName();

  if (setupStatus.isPending && name === null) return <FullPageSpin />;
  // On an error (server unreachable) the HTTP client has already said so; show the routes anyway.
  if (setupStatus.data?.setupRequired && pathname !== SETUP_ROUTE) return <Navigate to={SETUP_ROUTE} replace />;
  return <Outlet />;
}
