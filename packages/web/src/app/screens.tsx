import type { ReactNode } from 'react';
import type { ScreenRoute } from '@linkloom/shared';
import { ScreenPlaceholderPage } from './pages/screen-placeholder-page';

/**
 * Which element renders a screen route. Every route shows the placeholder until its feature
 * lands; a feature then maps its path here (e.g. '/campaigns': <CampaignListPage />).
 */
const SCREENS: Readonly<Record<string, ReactNode>> = {};

/** The element for one screen route of shared SCREEN_ROUTES. */
export function screenElement(route: ScreenRoute): ReactNode {
  return SCREENS[route.path] ?? <ScreenPlaceholderPage route={route} />;
}
