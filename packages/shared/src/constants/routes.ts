/**
 * Every screen route of the three spec documents. The web app's router is built from this list;
 * `issue` names the later work that builds a screen whose content is not here yet.
 */
export interface ScreenRoute {
  /** react-router path (hash-based in links: /#/campaigns). */
  readonly path: string;
  /** The screen's title as the spec gives it (`:param` parts are shown as given). */
  readonly title: string;
  readonly area: 'campaigns' | 'projects' | 'accounts' | 'links' | 'networks' | 'content' | 'options' | 'wizards' | 'diagrams' | 'site-selections' | 'custom-sites' | 'emails';
}

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: '/campaigns', title: 'Campaigns', area: 'campaigns' },
  { path: '/campaign/:id', title: 'Campaign', area: 'campaigns' },
  { path: '/acproject/:id', title: 'Account Creation Project', area: 'projects' },
  { path: '/project/:id', title: 'Posting Project', area: 'projects' },
  { path: '/indexerproject/:id', title: 'Indexer Project', area: 'projects' },
  { path: '/privateproject/:id', title: 'Private Blog Project', area: 'projects' },
  { path: '/accounts/:id', title: 'Account Profile', area: 'accounts' },
  { path: '/url_list/:id', title: 'Link set', area: 'links' },
  { path: '/private-networks', title: 'Private Networks', area: 'networks' },
  { path: '/private-network/:id', title: 'Private Network', area: 'networks' },
  { path: '/options', title: 'Options', area: 'options' },
  { path: '/content-groups', title: 'Content Groups', area: 'content' },
  { path: '/content-group/:id', title: 'Content Group', area: 'content' },
  { path: '/article/:id', title: 'Article', area: 'content' },
  { path: '/new-article/:id', title: 'New Article', area: 'content' },
  { path: '/xwizards', title: 'Wizards', area: 'wizards' },
  { path: '/xwizard/:id', title: 'Wizard', area: 'wizards' },
  { path: '/newcampaign/:sid', title: 'New Campaign', area: 'wizards' },
  { path: '/newwizard/:sid', title: 'New Wizard', area: 'wizards' },
  { path: '/duplicatecampaign/:cid', title: 'Duplicate Campaign', area: 'wizards' },
  { path: '/strategies', title: 'Diagrams', area: 'diagrams' },
  { path: '/strategy/:id', title: 'Diagram', area: 'diagrams' },
  { path: '/site-selections', title: 'Site Selections', area: 'site-selections' },
  { path: '/site-selection/:id', title: 'Site Selection', area: 'site-selections' },
  { path: '/custom-sites', title: 'Custom Sites', area: 'custom-sites' },
  { path: '/email-manager', title: 'Email Manager', area: 'emails' },
  { path: '/api-tokens', title: 'API tokens', area: 'options' },
];

export const LOGIN_ROUTE = '/user/login';
export const SETUP_ROUTE = '/user/setup';
export const DEFAULT_ROUTE = '/campaigns';
/** Legacy pages open under old/ with that prefix removed (spec 1, section 2). */
export const LEGACY_PREFIX = '/old';
