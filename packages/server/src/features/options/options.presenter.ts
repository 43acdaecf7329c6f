import { toProxyStatus, type BlockedSiteRow, type ProxyRow } from '@linkloom/shared';
import type { ProxyListRow } from './proxies.repository';

/** A proxy row of the table: keyed by address and port; credentials stay on the server. */
export function presentProxy(row: ProxyListRow): ProxyRow {
  return { id: { address: row.host, port: row.port }, proxyStatus: toProxyStatus(row.status) };
}

/** A blocked site of the grid: the domain is its id. */
export function presentBlockedSite(domain: string): BlockedSiteRow {
  return { id: domain };
}
