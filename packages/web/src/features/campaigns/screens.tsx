import type { ScreenMap } from '@/lib/screen-map';
import { CampaignsPage } from './pages/campaigns-page';
import { CampaignPage } from './pages/campaign-page';

/** This feature's screens by route path (see app/screens.tsx). */
export const campaignScreens: ScreenMap = {
  '/campaigns': <CampaignsPage />,
  '/campaign/:id': <CampaignPage />,
};
