import { matchPath } from 'react-router';
import { LEGACY_PREFIX, MENU_ENTRIES, SCREEN_ROUTES, type ScreenRoute } from '@linkloom/shared';

/** The side-menu entry that owns each area's screens (a project screen lights up Campaigns). */
const AREA_MENU_KEYS: Readonly<Record<ScreenRoute['area'], string>> = {
  campaigns: 'campaigns',
  projects: 'campaigns',
  accounts: 'campaigns',
  links: 'campaigns',
  networks: 'private-network',
  content: 'content',
  options: 'settings',
  wizards: 'xwizard',
  diagrams: 'diagrams',
  'site-selections': 'site-selection',
  'custom-sites': 'custom-sites-old',
  emails: 'email-manager',
};

/**
 * The menu key to highlight for a route: an entry whose target is exactly the route (legacy
 * entries included), else the entry of the screen's area; null for routes of no screen.
 */
export function selectedMenuKey(pathname: string): string | null {
  const exact = MENU_ENTRIES.find((entry) => !entry.external && entry.to === pathname);
  if (exact) return exact.key;
  const path = pathname.startsWith(`${LEGACY_PREFIX}/`) ? pathname.slice(LEGACY_PREFIX.length) : pathname;
  const route = SCREEN_ROUTES.find((candidate) => matchPath(candidate.path, path) !== null);
  return route ? AREA_MENU_KEYS[route.area] : null;
}
