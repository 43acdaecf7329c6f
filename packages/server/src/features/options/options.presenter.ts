import { toProxyStatus, type BlockedSiteRow, type ProxyRow } from '@linkloom/shared';
import type { ProxyListRow } from './proxies.repository';

/** A proxy row of the table: keyed by address and port; credentials stay on the server. */
export function presentProxy(row: ProxyListRow): ProxyRow {
  const proxyStatus = toProxyStatus(row.status);
  const checked: Partial<ProxyRow> = {};
  if (proxyStatus === 'WORKING' && row.latency_ms !== null) checked.latencyMs = row.latency_ms;
  if (proxyStatus !== 'NEW' && (row.protocol === 'http' || row.protocol === 'socks5')) checked.protocol = row.protocol;
  if (proxyStatus === 'FAILED' && row.check_reason) checked.reason = row.check_reason;
  return { id: { address: row.host, port: row.port }, proxyStatus, ...checked };
}

/** A blocked site of the grid: the domain is its id. */
export function presentBlockedSite(domain: string): BlockedSiteRow {
  return { id: domain };
}
