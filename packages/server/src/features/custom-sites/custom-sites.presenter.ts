import type { CustomSiteFields, CustomSiteRow, SiteListEntry, SitePlatform, CustomSiteStatus } from '@linkloom/shared';
import type { CustomSiteEntryRecord, CustomSiteRecord, CustomSiteWithSecret } from './custom-sites.repository';

const asBoolean = (value: number | null): boolean | null => (value === null ? null : value !== 0);

/**
 * Row → the custom site every call and live message shows; the password only as "one is stored".
 * With the measured dofollow shares by host (the list), the row carries its own.
 */
export function presentCustomSite(row: CustomSiteRecord, dofollowShares?: ReadonlyMap<string, number>): CustomSiteRow {
  return {
    ...(dofollowShares ? { dofollow: dofollowShares.get(row.host) ?? null } : {}),
    id: row.id,
    module: row.module,
    url: row.url,
    host: row.host,
    login: row.login,
    hasPassword: row.password_sealed !== null,
    da: row.da,
    premium: row.premium !== 0,
    platform: row.platform as SitePlatform,
    status: row.status as CustomSiteStatus,
    reason: row.reason,
    canRegister: asBoolean(row.can_register),
    credentialsOk: asBoolean(row.credentials_ok),
    checkedAt: row.checked_at === null ? null : Number(row.checked_at),
    dofollowFound: asBoolean(row.dofollow_found),
  };
}

/**
 * The dofollow share the site lists give: measured on the user's checked links of the host when
 * there are some, else what the verifier found on the site's page (1 or 0), else null.
 */
function dofollowShare(row: Pick<CustomSiteEntryRecord, 'host' | 'dofollow_found'>, dofollowShares: ReadonlyMap<string, number>): number | null {
  return dofollowShares.get(row.host) ?? row.dofollow_found ?? null;
}

/** Row with its password opened → the fields Export All writes (and Import All reads back). */
export function exportedFields(row: CustomSiteWithSecret): CustomSiteFields {
  return {
    module: row.module as CustomSiteFields['module'],
    url: row.url,
    host: row.host,
    da: row.da,
    premium: row.premium !== 0,
    login: row.login,
    password: row.password,
  };
}

/** Row → one entry of the site lists (/sites.json): DA is the user's figure, dofollow measured on its host or found by the verifier. */
export function presentCustomSiteListEntry(row: CustomSiteEntryRecord, dofollowShares: ReadonlyMap<string, number>): SiteListEntry {
  return {
    id: { module: row.module, siteId: row.id },
    module: row.module,
    platform: row.platform,
    siteUrl: row.url,
    email: '',
    pr: row.da,
    dofollow: dofollowShare(row, dofollowShares),
    status: row.status,
    premium: row.premium !== 0,
    source: 'custom',
    privateNetworkId: null,
  };
}
