import type { Kysely } from 'kysely';
import type { EngineOptions } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { readEngineOptions, workingProxies, type ProxyEntry } from '../seams';
import { perDatabase } from './memo';

export type { EngineOptions };

/** A saved option reaches the engine within this long (read once per user and period, not per post). */
export const OPTIONS_FRESH_MS = 2_000;
const remembered = perDatabase<number, EngineOptions>(OPTIONS_FRESH_MS);

/** The user's options as the runner reads them (saved values over the spec's defaults). */
export function engineOptions(db: Kysely<DB>, ownerId: number): Promise<EngineOptions> {
  return remembered(db).get(ownerId, () => readEngineOptions(db, ownerId));
}


/** `http://user:pass@host:port` for one of the user's proxies. */
export function proxyUrl(proxy: ProxyEntry): string {
  const auth = proxy.username ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password ?? '')}@` : '';
  return `http://${auth}${proxy.host}:${proxy.port}`;
}

/**
 * The proxy a post goes through when useProxyForPosting is on: the user's working proxies in
 * turn (post id + attempt, so retries rotate too); undefined when off or none works.
 */
export async function postingProxy(db: Kysely<DB>, ownerId: number, settings: EngineOptions, turn: number): Promise<string | undefined> {
  if (!settings.useProxyForPosting) return undefined;
  const proxies = await workingProxies(db, ownerId);
  if (proxies.length === 0) return undefined;
  return proxyUrl(proxies[turn % proxies.length]!);
}
