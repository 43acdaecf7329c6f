import type { ScreenMap } from '@/lib/screen-map';
import { ContentGroupsPage } from './pages/content-groups-page';
import { ContentGroupPage } from './pages/content-group-page';
import { ArticlePage } from './pages/article-page';

/** This feature's screens by route path (see app/screens.tsx). */
export const contentScreens: ScreenMap = {
  '/content-groups': <ContentGroupsPage />,
  '/content-group/:id': <ContentGroupPage />,
  '/article/:id': <ArticlePage mode="article" />,
  '/new-article/:id': <ArticlePage mode="new" />,
};
