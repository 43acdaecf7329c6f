import { LOGIN_ROUTE, SETUP_ROUTE, STORAGE_KEYS, safeReturnTo } from '@linkloom/shared';
import { currentRoute, navigateTo } from './navigation';

/**
 * The browser's only identity data (spec 1, sections 6 and 9): the signed-in user's name in
 * localStorage, plus the route to return to after login (per tab, in sessionStorage). The server's
 * session cookie is the real credential; the name only decides which screens to show.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** The stored user name, or null when signed out (or when storage is unavailable). */
export function getStoredName(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userName);
  } catch {
    return null;
  }
}

/** Marks the user as signed in under `name`. */
export function setStoredName(name: string): void {
  localStorage.setItem(STORAGE_KEYS.userName, name);
  emit();
}

/** Marks the user as signed out locally (the server side is the caller's business). */
export function clearStoredName(): void {
  localStorage.removeItem(STORAGE_KEYS.userName);
  emit();
}

/**
 * Calls `listener` whenever the stored name changes, in this tab or another one (a logout in one
 * tab signs out the others). Returns the unsubscribe function (useSyncExternalStore-shaped).
 */
export function subscribeStoredName(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.userName) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers where to go after login; the login and setup screens are never remembered. */
export function rememberReturnTo(route: string): void {
  const path = route.split(/[?#]/)[0];
  if (path === LOGIN_ROUTE || path === SETUP_ROUTE) return;
  sessionStorage.setItem(STORAGE_KEYS.returnTo, route);
}

/** Drops a remembered target (after an explicit logout the next login starts at the default). */
export function forgetReturnTo(): void {
  sessionStorage.removeItem(STORAGE_KEYS.returnTo);
}

/** The safe route to go to after login (default /campaigns); the remembered value is used once. */
export function takeReturnTo(): string {
  const target = safeReturnTo(sessionStorage.getItem(STORAGE_KEYS.returnTo));
  forgetReturnTo();
  return target;
}

/**
 * The server said 401: forget the name, remember the current route and show the login screen
 * (spec 1, section 8: "A 401 redirects to login and remembers the route").
 */
export function expireSession(): void {
  rememberReturnTo(currentRoute());
  if (getStoredName() !== null) clearStoredName();
  void navigateTo(LOGIN_ROUTE, { replace: true });
}
