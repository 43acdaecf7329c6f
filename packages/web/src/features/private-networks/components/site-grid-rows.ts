import { groupByModuleAndPlatform, type PrivateSite } from '@linkloom/shared';

/** A row of the grouped site grid: a module group, a platform group inside it, or a site. */
export type SiteGridRow =
  | { key: string; kind: 'module' | 'platform'; label: string; count: number; children: SiteGridRow[] }
  | { key: string; kind: 'site'; site: PrivateSite };

/** The key of a site row (group keys start with `m:`, so they never clash). */
export const siteRowKey = (site: PrivateSite) => `s:${site.siteId}`;

/** Sites → tree rows for antd's Table: module → platform → sites (shared grouping rule). */
export function toSiteGridRows(sites: readonly PrivateSite[]): { rows: SiteGridRow[]; groupKeys: string[] } {
  const groupKeys: string[] = [];
  const rows = groupByModuleAndPlatform(sites).map((group): SiteGridRow => {
    groupKeys.push(group.key);
    return {
      key: group.key, kind: 'module', label: group.label, count: group.count,
      children: group.platforms.map((platform): SiteGridRow => {
        groupKeys.push(platform.key);
        return {
          key: platform.key, kind: 'platform', label: platform.platform, count: platform.sites.length,
          children: platform.sites.map((site) => ({ key: siteRowKey(site), kind: 'site', site })),
        };
      }),
    };
  });
  return { rows, groupKeys };
}
