import type { ScreenMap } from '@/lib/screen-map';
import { PrivateNetworksPage } from './pages/private-networks-page';
import { PrivateNetworkPage } from './pages/private-network-page';

/** This feature's screens by route path (see app/screens.tsx). */
export const privateNetworkScreens: ScreenMap = {
  '/private-networks': <PrivateNetworksPage />,
  '/private-network/:id': <PrivateNetworkPage />,
};
