import { Navigate, Outlet, useLocation } from 'react-router';
import { SETUP_ROUTE } from '@linkloom/shared';
import { FullPageSpin } from '@/components/full-page-spin';
import { useSetupStatusQuery } from '@/features/session';
import { useAppInfoQuery } from './app-info-query';

/**
 * The root of every route. Until the first account exists, every route leads to the setup screen
 * (a fresh install has nobody to log in as).
 */
export function BootGate() {
  const setupStatus = useSetupStatusQuery();
  useAppInfoQuery();
  const { pathname } = useLocation();

  if (setupStatus.isPending) return <FullPageSpin />;
  // On an error (server unreachable) the HTTP client has already said so; show the routes anyway.
  if (setupStatus.data?.setupRequired && pathname !== SETUP_ROUTE) return <Navigate to={SETUP_ROUTE} replace />;
  return <Outlet />;
}
