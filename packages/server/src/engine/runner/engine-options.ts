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

/**
 * Called when the user's options are saved: the engine in this process reads them again at its
 * next step instead of within OPTIONS_FRESH_MS. "Use Proxy" switched on and a run started at once
 * used to fetch directly, from the user's own address, for up to that long.
 */
export function forgetEngineOptions(db: Kysely<DB>, ownerId: number): void {
  remembered(db).delete(ownerId);
}


/** `http://user:pass@host:port` (or `socks5://…` for a proxy its check found speaking SOCKS5) for one of the user's proxies. */
export function proxyUrl(proxy: ProxyEntry): string {
  const auth = proxy.username ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password ?? '')}@` : '';
  return `${proxy.protocol === 'socks5' ? 'socks5' : 'http'}://${auth}${proxy.host}:${proxy.port}`;
}

/**
 * How the engine reaches a site for one call: directly (the proxy option is off), through one of
 * the user's live proxies, or not at all for now (the option is on and no proxy passed its last
 * check: going direct would show the user's own address, so the work waits for a live proxy).
 */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; url: string } | { kind: 'noLiveProxy' };

/** Work held for a live proxy is tried again this long after (on the engine's clock). */
export const PROXY_WAIT_MS = 30_000;

/** The run's line (once per run) and the verifier's reason while work waits for a live proxy. */
export const PROXY_WAIT_MESSAGES = {
  posting: 'Waiting for a live proxy: "Use proxy for posting" is on (Options → General) and none of your proxies passed its last check. '
    + 'Check or add proxies in Options → Proxy; posting goes on as soon as one is alive.',
  fetching: 'Waiting for a live proxy: "Use Proxy" is on (Options → Proxy) and none of your proxies passed its last check. '
    + 'Check or add proxies in Options → Proxy; the checks go on as soon as one is alive.',
} as const;

/**
 * The route of a post or an account registration when useProxyForPosting is on: the user's
 * proxies the last check found alive, in turn (post id + attempt, so retries rotate too).
 */
export function postingProxy(db: Kysely<DB>, ownerId: number, settings: EngineOptions, turn: number): Promise<ProxyRoute> {
  return route(settings.useProxyForPosting, db, ownerId, turn);
}

/**
 * The route of a page fetch of the engine (backlink verification and re-checks, the platform
 * verifier) when Use Proxy (the Proxy tab) is on: the proxies the last check found alive, in turn.
 */
export function fetchingProxy(db: Kysely<DB>, ownerId: number, settings: EngineOptions, turn: number): Promise<ProxyRoute> {
  return route(settings.useProxy, db, ownerId, turn);
}

/** Every live proxy of the user for fetches (the platform verifier turns through them itself). */
export async function fetchingProxies(db: Kysely<DB>, ownerId: number, settings: EngineOptions): Promise<{ kind: 'direct' } | { kind: 'proxies'; urls: string[] } | { kind: 'noLiveProxy' }> {
  if (!settings.useProxy) return { kind: 'direct' };
  const urls = (await workingProxies(db, ownerId)).map(proxyUrl);
  return urls.length === 0 ? { kind: 'noLiveProxy' } : { kind: 'proxies', urls };
}

async function route(on: boolean, db: Kysely<DB>, ownerId: number, turn: number): Promise<ProxyRoute> {
  if (!on) return { kind: 'direct' };
  const proxies = await workingProxies(db, ownerId);
  if (proxies.length === 0) return { kind: 'noLiveProxy' };
  return { kind: 'proxy', url: proxyUrl(proxies[turn % proxies.length]!) };
}
