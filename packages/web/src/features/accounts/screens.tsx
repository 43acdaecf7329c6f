import type { ScreenMap } from '@/lib/screen-map';
import { AccountsPage } from './pages/accounts-page';

/** This feature's screens by route path (see app/screens.tsx). */
export const accountScreens: ScreenMap = {
  '/accounts/:id': <AccountsPage />,
};
