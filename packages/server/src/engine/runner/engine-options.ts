import type { Kysely } from 'kysely';
import type { EngineOptions } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { readEngineOptions, workingProxies, type ProxyEntry } from '../seams';
import { reusableQuery } from '../../platform/db/dialect';

export type { EngineOptions };

/** Users whose parsed options are kept, per database (a process may serve several, e.g. tests). */
const MAX_USERS = 1000;
const kept = new WeakMap<object, Map<number, { updatedAt: number; options: Promise<EngineOptions> }>>();

/**
 * The user's options as of their row's `updated_at` (null: the user has no options row yet). Opening
 * and parsing the whole row costs more than many of the steps that need it (a link's re-check, a
 * post), so the parsed options are kept per user and read again whenever updated_at moved: every
 * options save and privilege change moves it, from this process or another one (`npm run worker`,
 * the CLI), so a saved option applies to the very next step. Callers that read the row's
 * updated_at with their own data pass it (post.verify); the others go through engineOptions().
 */
export function optionsAsOf(db: Kysely<DB>, ownerId: number, updatedAt: number | null): Promise<EngineOptions> {
  if (updatedAt === null) return readEngineOptions(db, ownerId);
  let users = kept.get(db);
  if (!users) {
    users = new Map();
    kept.set(db, users);
  }
  const known = users.get(ownerId);
  if (known && known.updatedAt === updatedAt) return known.options;
  if (users.size >= MAX_USERS) users.clear();
  const options = readEngineOptions(db, ownerId);
  users.set(ownerId, { updatedAt, options });
  options.catch(() => users.delete(ownerId));
  return options;
}

const optionsStamp = reusableQuery((db, ownerId: number) => db.selectFrom('user_options').select('updated_at').where('owner_id', '=', ownerId));

/**
 * The user's options as the runner reads them (saved values over the spec's defaults), as they are
 * now: one small read of the row's updated_at, and the parsed options kept while it stays. (A
 * memo for a period used to be here: a save in the web process could not reach an engine running
 * in a worker process, so "Use Proxy" switched on and a run started at once fetched directly, from
 * the user's own address.)
 */
export async function engineOptions(db: Kysely<DB>, ownerId: number): Promise<EngineOptions> {
  const stamp = (await optionsStamp(db, ownerId)).rows[0];
  return optionsAsOf(db, ownerId, stamp ? Number(stamp.updated_at) : null);
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
