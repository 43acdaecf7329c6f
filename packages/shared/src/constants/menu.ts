/** The side menu of spec 1, section 2, in order. */
export interface MenuEntry {
  readonly key: string;
  readonly label: string;
  /** In-app route (hash), or an absolute URL for external entries. */
  readonly to: string;
  readonly newTab?: boolean;
  readonly external?: boolean;
  readonly legacy?: boolean;
}

/** Documents the server itself serves from the repository's docs/ folder (no dead external links). */
export const CHANGELOG_URL = '/changelog';
export const HELP_URL = '/help';

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { key: 'campaigns', label: 'Campaigns', to: '/campaigns' },
  { key: 'content', label: 'Content', to: '/content-groups' },
  // Legacy entries open the current screen that does that job under the old/ path rule (SCOPE.md).
  { key: 'blurbs', label: 'Blurbs', to: '/old/content-groups', legacy: true },
  { key: 'diagrams', label: 'Diagrams', to: '/strategies' },
  { key: 'email-manager', label: 'Email Manager', to: '/email-manager' },
  { key: 'custom-sites-old', label: 'Custom Sites', to: '/old/custom-sites', legacy: true },
  { key: 'private-network', label: 'Private Network', to: '/private-networks' },
  { key: 'xwizard', label: 'X-Wizard', to: '/xwizards' },
  { key: 'wizard', label: 'Wizard', to: '/old/xwizards', legacy: true },
  { key: 'turbo-wizard', label: 'Turbo Wizard', to: '/old/xwizards', legacy: true },
  { key: 'site-selection', label: 'Site Selection', to: '/site-selections' },
  { key: 'settings', label: 'Settings', to: '/options', newTab: true },
  { key: 'changelog', label: 'Changelog', to: CHANGELOG_URL, newTab: true, external: true },
];

export const FOOTER_LINKS: readonly { label: string; href: string }[] = [
  { label: 'Help', href: HELP_URL },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Terms', href: '/terms' },
];
export const FOOTER_TAGLINE = 'Best SEO software';
