import type { ScreenMap } from '@/lib/screen-map';
import { LinkSetPage } from './pages/link-set-page';

/** This feature's screens by route path (see app/screens.tsx). */
export const linkSetScreens: ScreenMap = {
  '/url_list/:id': <LinkSetPage />,
};
