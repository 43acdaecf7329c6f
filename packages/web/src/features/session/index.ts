/**
 * The session feature's public surface: the app shell imports only from here, but for its two
 * pages, which app/session-screens.tsx loads as chunks of their own.
 */
export { useLogout } from './api/use-logout';
export { useSessionQuery, useSetupStatusQuery } from './api/use-session-queries';
export { sessionKeys } from './api/session-api';
