import { FullPageSpin } from '@/components/full-page-spin';
import { lazyScreen } from './lazy-screen';

/**
 * The sign-in and first-account screens, each a chunk of its own: a signed-in visitor's first load
 * (the campaign list) carries no form, tabs or inputs (issue 10 goal 2: about a tenth of the entry
 * that the browser parsed and ran on every load). main.tsx fetches the sign-in chunk at boot when
 * no one is likely signed in, so that screen does not wait for it either.
 */
export const LoginScreen = lazyScreen(() => import('@/features/session/pages/login-page').then((m) => m.LoginPage), <FullPageSpin />);
export const SetupScreen = lazyScreen(() => import('@/features/session/pages/setup-page').then((m) => m.SetupPage), <FullPageSpin />);
