import type { PrivateNetwork, PrivateSite, SiteListEntry } from '@linkloom/shared';
import type { PrivateNetworkRow } from './private-networks.repository';
import type { PrivateSiteEntryRow, PrivateSiteRow } from './private-sites.repository';
import { hostOf } from '../custom-sites/measure-dofollow';

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
 * Row → one site-list entry. Private sites carry no DA; their platform and status are what the
 * platform verifier found (NEW until it probed the site; an import as self-hosted says WordPress
 * until then); dofollow is measured from the user's verified links on the site's host.
 * Credentials never leave through the site lists.
 */
export function presentSiteListEntry(row: PrivateSiteEntryRow, dofollowShares: ReadonlyMap<string, number>): SiteListEntry {
  return {
    id: { module: row.module, siteId: row.id },
    module: row.module,
    platform: row.platform,
    siteUrl: row.site_url,
    email: row.email,
    pr: null,
    dofollow: dofollowShares.get(hostOf(row.site_url)) ?? null,
    status: row.status,
    premium: false,
    source: 'private_network',
    privateNetworkId: row.private_network_id,
  };
}
