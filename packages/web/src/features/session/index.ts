/** The session feature's public surface: the app shell imports only from here. */
export { LoginPage } from './pages/login-page';
export { SetupPage } from './pages/setup-page';
export { useLogout } from './api/use-logout';
export { useSessionQuery, useSetupStatusQuery } from './api/use-session-queries';
export { sessionKeys } from './api/session-api';
