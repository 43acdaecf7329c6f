import { CUSTOM_SITE_GRID_STATUS, isDofollowShare, siteKey, type CustomSiteRow, type SiteRow } from '@linkloom/shared';

/**
 * Custom sites as rows of the shared site grid: grouped by module, then the platform the verifier
 * found, premium sites first in their own group; status is the verification (OK a success, FAILED a failure); the last column carries
 * the verifier's reason; DA is the user's figure; dofollow is measured (most verified links followed)
 * once links posted there were checked, until then what the verifier found on the site's page.
 */
export function customSiteGridRows(sites: readonly CustomSiteRow[], checked: ReadonlySet<string>): SiteRow[] {
  return sites.map((site) => {
    const id = { module: site.module, siteId: site.id };
    const key = siteKey(id);
    const note = [site.premium ? 'Premium' : '', site.login ? `Login: ${site.login}` : '', site.reason].filter(Boolean).join(' · ');
    return {
      key, id, module: site.module, platform: site.platform, siteUrl: site.url, email: '',
      status: CUSTOM_SITE_GRID_STATUS[site.status], pr: site.da, dofollow: isDofollowShare(site.dofollow ?? null) ?? site.dofollowFound ?? null, waitInfo: note || null, checked: checked.has(key),
      premium: site.premium,
    };
  });
}
