import type { Kysely } from 'kysely';
import { ownSiteModulesFor, ownSiteServesModule, type SiteListEntry } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { inBatches } from '../../platform/db/batches';
import { userSitesAfter } from './private-sites.repository';
import { presentSiteListEntry } from './private-networks.presenter';
import { customSiteEntriesAfter } from '../custom-sites/custom-sites.repository';
import { presentCustomSiteListEntry } from '../custom-sites/custom-sites.presenter';
import { dofollowShareByHost } from '../custom-sites/measure-dofollow';

/**
 * The user's site list (SCOPE.md: the user's custom sites and private networks' sites, each with
 * the platform the verifier detected): custom sites first, then private sites, each in id order,
 * optionally of one module. Dofollow is measured from the user's verified links on each host.
 */
export async function listUserSites(db: Kysely<DB>, ownerId: number, module: string | undefined): Promise<SiteListEntry[]> {
  const shares = await dofollowShareByHost(db, ownerId);
  const entries: SiteListEntry[] = [];
  for await (const batch of inBatches(customSiteEntriesAfter(db, ownerId, module), 5000)) {
    for (const row of batch) entries.push(presentCustomSiteListEntry(row, shares));
  }
  for await (const batch of inBatches(userSitesAfter(db, ownerId, module), 5000)) {
    for (const row of batch) entries.push(presentSiteListEntry(row, shares));
  }
  return entries;
}

/**
 * The sites a posting project of `projectModule` offers (issue 13.6): the user's custom sites of
 * that module and those of other modules whose detected platform also publishes its posts
 * (`ownSiteServesModule`; each keeps its own module, which the grid groups by), then the private
 * sites of that module. Same order and dofollow as {@link listUserSites}.
 */
export async function listPostingSites(db: Kysely<DB>, ownerId: number, projectModule: string): Promise<SiteListEntry[]> {
  const shares = await dofollowShareByHost(db, ownerId);
  const entries: SiteListEntry[] = [];
  for await (const batch of inBatches(customSiteEntriesAfter(db, ownerId, ownSiteModulesFor(projectModule)), 5000)) {
    for (const row of batch) if (ownSiteServesModule(row, projectModule)) entries.push(presentCustomSiteListEntry(row, shares));
  }
  for await (const batch of inBatches(userSitesAfter(db, ownerId, projectModule), 5000)) {
    for (const row of batch) entries.push(presentSiteListEntry(row, shares));
  }
  return entries;
}
