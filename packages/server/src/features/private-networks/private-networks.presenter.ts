import type { PrivateNetwork, PrivateSite, SiteListEntry } from '@linkloom/shared';
import type { PrivateNetworkRow } from './private-networks.repository';
import type { PrivateSiteEntryRow, PrivateSiteRow } from './private-sites.repository';

/** Row → the spec's private network shape {id, name, count}. */
export function presentNetwork(row: PrivateNetworkRow): PrivateNetwork {
  return { id: row.id, name: row.name, count: row.count };
}

/** Row → the spec's private site fields (section 3): the module travels as `group`. */
export function presentSite(row: PrivateSiteRow): PrivateSite {
  return {
    privateGroupId: row.private_network_id,
    siteId: row.id,
    email: row.email,
    group: row.module,
    platform: row.platform,
    siteUrl: row.site_url,
    username: row.username,
    password: row.password,
  };
}

/**
 * Row → one site-list entry. Domain authority and dofollow are unknown until the verifier has
 * checked the site; credentials never leave through the site lists.
 */
export function presentSiteListEntry(row: PrivateSiteEntryRow): SiteListEntry {
  return {
    id: { module: row.module, siteId: row.id },
    platform: row.platform,
    siteUrl: row.site_url,
    email: row.email,
    pr: null,
    dofollow: null,
    source: 'private_network',
    privateNetworkId: row.private_network_id,
  };
}
