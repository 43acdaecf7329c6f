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


/** `http://user:pass@host:port` (or `socks5://…` for a proxy its check found speaking SOCKS5) for one of the user's proxies. */
export function proxyUrl(proxy: ProxyEntry): string {
  const auth = proxy.username ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password ?? '')}@` : '';
  return `${proxy.protocol === 'socks5' ? 'socks5' : 'http'}://${auth}${proxy.host}:${proxy.port}`;
}

/**
 * The proxy a post goes through when useProxyForPosting is on: the user's proxies the last check
 * found alive, in turn (post id + attempt, so retries rotate too); undefined when off or none is alive.
 */
export async function postingProxy(db: Kysely<DB>, ownerId: number, settings: EngineOptions, turn: number): Promise<string | undefined> {
  if (!settings.useProxyForPosting) return undefined;
  return aliveProxy(db, ownerId, turn);
}

/**
 * The proxy a page fetch of the engine (backlink verification) goes through when Use Proxy (the
 * Proxy tab) is on: the proxies the last check found alive, in turn; undefined when off or none is.
 */
export async function fetchingProxy(db: Kysely<DB>, ownerId: number, settings: EngineOptions, turn: number): Promise<string | undefined> {
  if (!settings.useProxy) return undefined;
  return aliveProxy(db, ownerId, turn);
}

async function aliveProxy(db: Kysely<DB>, ownerId: number, turn: number): Promise<string | undefined> {
  const proxies = await workingProxies(db, ownerId);
  if (proxies.length === 0) return undefined;
  return proxyUrl(proxies[turn % proxies.length]!);
}
