import type { Kysely } from 'kysely';
import { TIER_SITE_TYPES, isDofollowShare, siteKey, type SiteListEntry, type TierSiteSelection } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import { listUserSites } from '../private-networks/list-user-sites';
import { getSiteSelection, selectedPlatformsOf, selectedSitesOf } from '../site-selections/site-selections.repository';
import { privateNetworkSites } from '../projects/project-site-sources';

/**
 * The sites a wizard's projects tick (spec 2 Sites tab), read before Create Campaign's transaction:
 * All Sites takes every site of the user of the project's module; a Site Selection Profile its
 * ticked sites (Manually) or the user's sites on its ticked platforms that pass its filters
 * (Condition: DA at least minPR, dofollow when asked); Manually the picked sites. A picked site or
 * selection that is not the user's answers 404, like a missing one; a private project takes every
 * site of its network.
 */
export class TierSites {
  private readonly sitesByModule = new Map<string, Promise<SiteListEntry[]>>();
  private readonly selections = new Map<number, Promise<(entry: SiteListEntry) => boolean>>();
  private readonly networks = new Map<number, Promise<string[]>>();

  constructor(private readonly db: Kysely<DB>, private readonly ownerId: number) {}

  private userSites(module: string): Promise<SiteListEntry[]> {
    let sites = this.sitesByModule.get(module);
    if (!sites) {
      sites = listUserSites(this.db, this.ownerId, module);
      this.sitesByModule.set(module, sites);
    }
    return sites;
  }

  /** A site selection of the user as a test on site list entries; 404 when it is not theirs. */
  private selection(id: number): Promise<(entry: SiteListEntry) => boolean> {
    let test = this.selections.get(id);
    if (!test) {
      test = (async () => {
        const row = await getSiteSelection(this.db, this.ownerId, id);
        if (row.selection_type === 'Manually') {
          const ticked = new Set((await selectedSitesOf(this.db, id)).map((s) => siteKey({ module: s.module, siteId: s.site_id })));
          return (entry: SiteListEntry) => ticked.has(siteKey(entry.id));
        }
        const platforms = new Set((await selectedPlatformsOf(this.db, id)).map((p) => `${p.module}\u0000${p.platform}`));
        return (entry: SiteListEntry) => platforms.has(`${entry.module}\u0000${entry.platform}`)
          && (row.min_pr <= 0 || (entry.pr ?? 0) >= row.min_pr)
          && (row.dofollow !== 1 || isDofollowShare(entry.dofollow) === true);
      })();
      this.selections.set(id, test);
    }
    return test;
  }

  /**
   * Checks a tier's choice up front: its selection and picked sites must be the user's (404
   * otherwise), whichever choice is active, since the wizard keeps them all.
   */
  async check(tier: TierSiteSelection): Promise<void> {
    if (tier.siteSelectionId !== null) await this.selection(tier.siteSelectionId);
    for (const module of new Set(tier.selectedSites.map((s) => s.module))) {
      const owned = new Set((await this.userSites(module)).map((entry) => siteKey(entry.id)));
      const foreign = tier.selectedSites.find((s) => s.module === module && !owned.has(siteKey({ module: s.module, siteId: s.siteId })));
      if (foreign) throw new NotFoundError(`The site (id ${foreign.siteId}) does not exist`);
    }
  }

  /** The site keys a project of `module` ticks for this tier choice (planCampaign keeps only its module's manual picks). */
  async keysFor(tier: TierSiteSelection, module: string): Promise<string[]> {
    const sites = await this.userSites(module);
    if (tier.type === TIER_SITE_TYPES.manually) {
      const picked = new Set(tier.selectedSites.map((s) => siteKey({ module: s.module, siteId: s.siteId })));
      return sites.map((entry) => siteKey(entry.id)).filter((key) => picked.has(key));
    }
    if (tier.type === TIER_SITE_TYPES.siteSelection && tier.siteSelectionId !== null) {
      const test = await this.selection(tier.siteSelectionId);
      return sites.filter(test).map((entry) => siteKey(entry.id));
    }
    return sites.map((entry) => siteKey(entry.id));
  }

  /** Every site of one of the user's private networks (read once per network). */
  networkKeys(networkId: number): Promise<string[]> {
    let keys = this.networks.get(networkId);
    if (!keys) {
      keys = privateNetworkSites(this.db, this.ownerId, networkId).then((sites) => sites.map((site) => site.key));
      this.networks.set(networkId, keys);
    }
    return keys;
  }
}
