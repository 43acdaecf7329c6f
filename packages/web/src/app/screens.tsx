import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Flex, Spin } from 'antd';
import type { ScreenRoute } from '@linkloom/shared';
import { CampaignsPage } from '@/features/campaigns/pages/campaigns-page';
import { registerBuiltScreens } from '@/lib/built-screens';
import { ScreenPlaceholderPage } from './pages/screen-placeholder-page';

/**
 * A screen that is its own chunk, fetched the first time it is shown (DESIGN rule 15). `load`
 * must be a literal `import()` so the bundler splits there.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const CampaignPage = lazyScreen(() => import('@/features/campaigns/pages/campaign-page').then((m) => m.CampaignPage));
const AccountsPage = lazyScreen(() => import('@/features/accounts/pages/accounts-page').then((m) => m.AccountsPage));
const LinkSetPage = lazyScreen(() => import('@/features/link-sets/pages/link-set-page').then((m) => m.LinkSetPage));
const PrivateNetworksPage = lazyScreen(() => import('@/features/private-networks/pages/private-networks-page').then((m) => m.PrivateNetworksPage));
const PrivateNetworkPage = lazyScreen(() => import('@/features/private-networks/pages/private-network-page').then((m) => m.PrivateNetworkPage));
const ContentGroupsPage = lazyScreen(() => import('@/features/content/pages/content-groups-page').then((m) => m.ContentGroupsPage));
const ContentGroupPage = lazyScreen(() => import('@/features/content/pages/content-group-page').then((m) => m.ContentGroupPage));
const ArticlePage = lazyScreen(() => import('@/features/content/pages/article-page').then((m) => m.ArticlePage));
const AccountCreationProjectPage = lazyScreen(() => import('@/features/projects/pages/account-creation-project-page').then((m) => m.AccountCreationProjectPage));
const PostingProjectPage = lazyScreen(() => import('@/features/projects/pages/content-project-page').then((m) => m.PostingProjectPage));
const PrivateProjectPage = lazyScreen(() => import('@/features/projects/pages/content-project-page').then((m) => m.PrivateProjectPage));
const IndexerProjectPage = lazyScreen(() => import('@/features/projects/pages/indexer-project-page').then((m) => m.IndexerProjectPage));
const StrategiesPage = lazyScreen(() => import('@/features/strategies/pages/strategies-page').then((m) => m.StrategiesPage));
const StrategyDesignerPage = lazyScreen(() => import('@/features/strategies/pages/strategy-designer-page').then((m) => m.StrategyDesignerPage));
const ApiTokensPage = lazyScreen(() => import('@/features/api-tokens/pages/api-tokens-page').then((m) => m.ApiTokensPage));

/**
 * Every screen of shared SCREEN_ROUTES that a feature renders, by route path: the one list of
 * screens. The campaign list is the first screen after sign-in and comes with the first load;
 * every other screen is a lazy chunk, so adding one never makes the first load heavier (the build
 * checks that budget: scripts/build/web-assets.ts). A route listed nowhere shows the placeholder.
 */
const SCREENS: Readonly<Record<string, ReactNode>> = {
  '/campaigns': <CampaignsPage />,
  '/campaign/:id': <CampaignPage />,
  '/accounts/:id': <AccountsPage />,
  '/url_list/:id': <LinkSetPage />,
  '/private-networks': <PrivateNetworksPage />,
  '/private-network/:id': <PrivateNetworkPage />,
  '/content-groups': <ContentGroupsPage />,
  '/content-group/:id': <ContentGroupPage />,
  '/article/:id': <ArticlePage mode="article" />,
  '/new-article/:id': <ArticlePage mode="new" />,
  '/acproject/:id': <AccountCreationProjectPage />,
  '/project/:id': <PostingProjectPage />,
  '/privateproject/:id': <PrivateProjectPage />,
  '/indexerproject/:id': <IndexerProjectPage />,
  '/api-tokens': <ApiTokensPage />,
  '/strategies': <StrategiesPage />,
  '/strategy/:id': <StrategyDesignerPage />,
};

// Menus, buttons and dialogs offer only what leads to a built screen (lib/built-screens.ts).
registerBuiltScreens(Object.keys(SCREENS));

/** Shown inside the frame while a screen's chunk arrives. */
function ScreenLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }} data-testid="screen-loading">
      <Spin size="large" />
    </Flex>
  );
}

const NotFoundPage = lazyScreen(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));

/** The not-found fallback route: rare, and its illustration is heavy, so it is a chunk too. */
export const notFoundElement = (
  <Suspense fallback={<ScreenLoading />}>
    <NotFoundPage />
  </Suspense>
);

/** The element for one screen route of shared SCREEN_ROUTES. */
export function screenElement(route: ScreenRoute) {
  const screen = SCREENS[route.path];
  if (screen === undefined) return <ScreenPlaceholderPage route={route} />;
  return <Suspense fallback={<ScreenLoading />}>{screen}</Suspense>;
}
