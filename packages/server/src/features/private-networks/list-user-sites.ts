import type { Kysely } from 'kysely';
import type { SiteListEntry } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { userSitesAfter } from './private-sites.repository';
import { presentSiteListEntry } from './private-networks.presenter';

/**
 * The user's site list. Per the scope decisions it comes from the user's custom sites and private
 * networks, each with the platform the verifier detected; custom sites do not exist yet, so today
 * it is the private networks' sites, with the platform known at import (WordPress for self-hosted
 * blogs, otherwise Unknown until the verifier has looked). Custom sites join here when they land.
 */
export async function listUserSites(db: Kysely<DB>, ownerId: number, module: string | undefined): Promise<SiteListEntry[]> {
  const entries: SiteListEntry[] = [];
  for await (const batch of inBatches(userSitesAfter(db, ownerId, module), 5000)) entries.push(...batch.map(presentSiteListEntry));
  return entries;
}
