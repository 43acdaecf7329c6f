import { CUSTOM_SITE_GRID_STATUS, isDofollowShare, siteKey, type SiteListEntry, type SiteRow, type SiteStatus } from '@linkloom/shared';

function gridStatus(status: string): SiteStatus {
  return (CUSTOM_SITE_GRID_STATUS as Readonly<Record<string, SiteStatus>>)[status] ?? 'NONE';
}

/**
 * The user's sites (GET /sites.json: custom sites and private networks' sites) as rows of the
 * Sites tab's grid; premium sites carry the flag, so the grid shows them as their own group, first
 * (spec 2 §2), and say so in the last column.
 */
export function wizardSiteRows(sites: readonly SiteListEntry[], picked: ReadonlySet<string>): SiteRow[] {
  return sites.map((site) => {
    const key = siteKey(site.id);
    return {
      key, id: site.id, module: site.module, platform: site.platform, siteUrl: site.siteUrl, email: site.email,
      status: gridStatus(site.status), pr: site.pr, dofollow: isDofollowShare(site.dofollow),
      waitInfo: site.premium ? 'Premium' : null, checked: picked.has(key), premium: site.premium,
    } satisfies SiteRow;
  });
}
