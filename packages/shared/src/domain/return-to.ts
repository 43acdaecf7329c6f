import { DEFAULT_ROUTE, LOGIN_ROUTE, SETUP_ROUTE } from '../constants/routes';

/**
 * The route to return to after login. Only in-app paths are accepted (no scheme, no host, no
 * protocol-relative `//`), and the login and setup screens never become a target.
 */
export function safeReturnTo(candidate: string | null | undefined): string {
  if (!candidate) return DEFAULT_ROUTE;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return DEFAULT_ROUTE;
  if ([...candidate].some((char) => char.charCodeAt(0) < 0x20)) return DEFAULT_ROUTE;
  const path = candidate.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === LOGIN_ROUTE || path === SETUP_ROUTE) return DEFAULT_ROUTE;
  return candidate;
}
