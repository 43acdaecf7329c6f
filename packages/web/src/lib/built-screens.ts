import { LEGACY_PREFIX } from '@linkloom/shared';

/**
 * Which screen routes a feature really renders (app/screens.tsx registers them at start), so a
 * menu entry, a button or a dialog choice that would lead to a placeholder screen is disabled
 * with "coming" instead of opening a dead end (issue 11.2). A module of its own so features can
 * ask without importing the app (screens.tsx imports the features).
 */
let built: ReadonlySet<string> = new Set();

/** Called once by app/screens.tsx with the route paths of SCREENS. */
export function registerBuiltScreens(paths: readonly string[]): void {
  built = new Set(paths);
}

/** Matches a concrete in-app path (`/old/xwizards`, `/newcampaign/3`) to a route pattern. */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((part, index) => part.startsWith(':') || part === have[index]);
}

/** Whether an in-app path (query and legacy prefix allowed) opens a built screen. */
export function isScreenBuilt(path: string): boolean {
  let pathname = path.split(/[?#]/, 1)[0] ?? path;
  if (pathname.startsWith(`${LEGACY_PREFIX}/`)) pathname = pathname.slice(LEGACY_PREFIX.length);
  for (const pattern of built) if (matches(pattern, pathname)) return true;
  return false;
}

/** The tooltip of an entry whose screen is not built yet. */
export const COMING_SOON = 'Coming soon: this screen is not available yet';
