import type { ScreenMap } from '@/lib/screen-map';
import { AccountCreationProjectPage } from './pages/account-creation-project-page';
import { PostingProjectPage, PrivateProjectPage } from './pages/content-project-page';
import { IndexerProjectPage } from './pages/indexer-project-page';

/** This feature's screens by route path (see app/screens.tsx). */
export const projectScreens: ScreenMap = {
  '/acproject/:id': <AccountCreationProjectPage />,
  '/project/:id': <PostingProjectPage />,
  '/privateproject/:id': <PrivateProjectPage />,
  '/indexerproject/:id': <IndexerProjectPage />,
};
