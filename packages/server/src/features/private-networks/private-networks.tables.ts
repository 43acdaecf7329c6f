import type { Generated } from 'kysely';

export interface PrivateNetworksTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_at: number;
}

/** A privately owned site of a network; its id is the spec's siteId. */
export interface PrivateSitesTable {
  id: Generated<number>;
  owner_id: number;
  private_network_id: number;
  /** The spec's `group`: the module the site posts as (e.g. Private, PrivateBookmark). */
  module: string;
  platform: string;
  site_url: string;
  email: string;
  username: string;
  password: string;
  self_hosted: Generated<number>;
  /** The platform verifier's verdict (NEW until probed, CHECKING, OK, FAILED), its reason and when (0034). */
  status: Generated<string>;
  reason: Generated<string>;
  checked_at: number | null;
  created_at: number;
}

export interface PrivateNetworkTables {
  private_networks: PrivateNetworksTable;
  private_sites: PrivateSitesTable;
}
