import { Navigate, createHashRouter, type RouteObject } from 'react-router';
import { DEFAULT_ROUTE, LEGACY_PREFIX, LOGIN_ROUTE, SCREEN_ROUTES, SETUP_ROUTE } from '@linkloom/shared';
import { setNavigator } from '@/lib/navigation';
import { installAddressBarGuard } from '@/lib/address-bar-guard';
import { BootGate } from './boot-gate';
import { RequireSession } from './require-session';
import { LoginScreen, SetupScreen } from './session-screens';
import { notFoundElement, screenElement } from './screens';
import { AppFrame } from './shell/app-frame';

/** Every screen of the spec inside the frame, plus its legacy twin under /old (same screen). */
const screenRoutes: RouteObject[] = SCREEN_ROUTES.flatMap((route) => [
  { path: route.path, element: screenElement(route) },
  { path: `${LEGACY_PREFIX}${route.path}`, element: screenElement(route) },
]);

const routes: RouteObject[] = [
  {
    element: <BootGate />,
    children: [
      // Outside the frame (spec 1, section 2).
      { path: LOGIN_ROUTE, element: <LoginScreen /> },
      { path: SETUP_ROUTE, element: <SetupScreen /> },
      {
        element: (
          <RequireSession>
            <AppFrame />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to={DEFAULT_ROUTE} replace /> },
          ...screenRoutes,
          { path: '*', element: notFoundElement },
        ],
      },
    ],
  },
];

// Before the router adds its own popstate listener, so the unsaved-changes guard is asked first.
installAddressBarGuard();

/** The app's hash router (links look like /#/campaign/12). */
export const router = createHashRouter(routes);

setNavigator((to, options) => router.navigate(to, options));
