import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Flex, Spin } from 'antd';
import type { QueryClient } from '@tanstack/react-query';
import type { ScreenRoute } from '@linkloom/shared';
import { registerBuiltScreens } from '@/lib/built-screens';
import { ScreenPlaceholderPage } from './pages/screen-placeholder-page';
import { lazyScreen as lazyScreenOf } from './lazy-screen';

/** Shown inside the frame while a screen's chunk arrives. */
function ScreenLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }} data-testid="screen-loading">
      <Spin size="large" />
    </Flex>
  );
}

/** A screen that is its own chunk (app/lazy-screen.tsx), with the frame's loading state. */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyScreenOf(load, <ScreenLoading />);
}

const CampaignsPage = lazyScreen(() => import('@/features/campaigns/pages/campaigns-page').then((m) => m.CampaignsPage));
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
const EmailManagerPage = lazyScreen(() => import('@/features/emails/pages/email-manager-page').then((m) => m.EmailManagerPage));
const OptionsPage = lazyScreen(() => import('@/features/options/pages/options-page').then((m) => m.OptionsPage));
const CustomSitesPage = lazyScreen(() => import('@/features/custom-sites/pages/custom-sites-page').then((m) => m.CustomSitesPage));
const SiteSelectionsPage = lazyScreen(() => import('@/features/site-selections/pages/site-selections-page').then((m) => m.SiteSelectionsPage));
const SiteSelectionPage = lazyScreen(() => import('@/features/site-selections/pages/site-selection-page').then((m) => m.SiteSelectionPage));
const WizardsPage = lazyScreen(() => import('@/features/wizards/pages/wizards-page').then((m) => m.WizardsPage));
const WizardEditorPage = lazyScreen(() => import('@/features/wizards/pages/wizard-editor-page').then((m) => m.WizardEditorPage));
const ApiTokensPage = lazyScreen(() => import('@/features/api-tokens/pages/api-tokens-page').then((m) => m.ApiTokensPage));

/**
 * The campaign list is the first screen after sign-in, but a chunk of its own, so that the sign-in
 * screen's first load carries no table (issue 10 goal 2). main.tsx calls this at boot when the list
 * is the first screen, so its chunk downloads beside the entry instead of after it, and, given the
 * query client of a visitor who is likely signed in, reads the list into the cache (the answer
 * boot-gets.ts asked for early): the first render can then draw the rows themselves.
 */
export function preloadFirstScreen(queryClient?: QueryClient): Promise<unknown> {
  const chunk = CampaignsPage.preload();
  if (!queryClient) return chunk;
  const data = import('@/features/campaigns/api/campaigns-api').then((api) => api.prefetchCampaignList(queryClient));
  return Promise.all([chunk, data]);
}

/**
 * Every screen of shared SCREEN_ROUTES that a feature renders, by route path: the one list of
 * screens. Every screen is a lazy chunk (the campaign list's is fetched at boot: preloadFirstScreen),
 * so adding one never makes the first load heavier (the build
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
  '/options': <OptionsPage />,
  '/email-manager': <EmailManagerPage />,
  '/strategies': <StrategiesPage />,
  '/strategy/:id': <StrategyDesignerPage />,
  '/custom-sites': <CustomSitesPage />,
  '/site-selections': <SiteSelectionsPage />,
  '/site-selection/:id': <SiteSelectionPage />,
  '/xwizards': <WizardsPage />,
  '/xwizard/:id': <WizardEditorPage mode="wizard" />,
  '/newwizard/:sid': <WizardEditorPage mode="newWizard" />,
  '/newcampaign/:sid': <WizardEditorPage mode="newCampaign" />,
  '/duplicatecampaign/:cid': <WizardEditorPage mode="duplicateCampaign" />,
};

// Menus, buttons and dialogs offer only what leads to a built screen (lib/built-screens.ts).
registerBuiltScreens(Object.keys(SCREENS));

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
