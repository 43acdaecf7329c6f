import type { ScreenRoute } from '@linkloom/shared';
import type { ScreenMap } from '@/lib/screen-map';
import { accountScreens } from '@/features/accounts/screens';
import { campaignScreens } from '@/features/campaigns/screens';
import { contentScreens } from '@/features/content/screens';
import { linkSetScreens } from '@/features/link-sets/screens';
import { privateNetworkScreens } from '@/features/private-networks/screens';
import { projectScreens } from '@/features/projects/screens';
import { ApiTokensPage } from '@/features/api-tokens/pages/api-tokens-page';
import { ScreenPlaceholderPage } from './pages/screen-placeholder-page';

/**
 * Which element renders a screen route. Every feature lists its own screens; a route no feature
 * claims yet shows the placeholder (its title only, nothing that pretends to work).
 */
const SCREENS: ScreenMap = {
  ...campaignScreens, ...accountScreens, ...linkSetScreens, ...privateNetworkScreens, ...contentScreens, ...projectScreens,
  '/api-tokens': <ApiTokensPage />,
};

/** The element for one screen route of shared SCREEN_ROUTES. */
export function screenElement(route: ScreenRoute) {
  return SCREENS[route.path] ?? <ScreenPlaceholderPage route={route} />;
}
