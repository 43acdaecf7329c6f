import { sql, type Kysely } from 'kysely';
import { proxyKey, toProxyStatus, type ProxyFields, type ProxyId, type ProxyStatus } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { secretBoxOf } from '../../platform/crypto/database-secrets';

/** A proxy row as the table and the live messages need it (no credentials). */
export interface ProxyListRow {
  host: string;
  port: number;
  status: string;
  protocol: string;
  latency_ms: number | null;
  check_reason: string;
}

/** A proxy of the pool as the engine dials it (with credentials). */
export interface ProxyEntry extends ProxyFields {
  id: number;
  status: ProxyStatus;
  /** What the last check found it speaks: 'http', 'socks5', or '' (not checked). */
  protocol: string;
}

const LIST_COLUMNS = ['host', 'port', 'status', 'protocol', 'latency_ms', 'check_reason'] as const;
const ENTRY_COLUMNS = ['id', 'host', 'port', 'username', 'password', 'status', 'protocol'] as const;
// 7 bound values per row; SQLite allows 32,766 per statement, PostgreSQL 65,535.
const ROWS_PER_STATEMENT = 500;

/** The user's proxies in the order they were added. */
export async function listProxies(db: Kysely<DB>, ownerId: number): Promise<ProxyListRow[]> {
  return db.selectFrom('proxies').select(LIST_COLUMNS).where('owner_id', '=', ownerId).orderBy('id').execute();
}

/**
 * The login details of these proxies as they will be stored (sealed, platform/crypto): a detail
 * equal to the stored one keeps the stored sealed text, so the upsert's comparison sees it
 * unchanged (sealing the same value twice gives two different texts).
 */
async function sealedLogins(db: Kysely<DB>, ownerId: number, proxies: readonly ProxyFields[]): Promise<{ username: string; password: string }[]> {
  const box = secretBoxOf(db);
  const stored = await db.selectFrom('proxies').select(['host', 'port', 'username', 'password'])
    .where('owner_id', '=', ownerId).where('host', 'in', [...new Set(proxies.map((proxy) => proxy.host))])
    .execute();
  const byKey = new Map(stored.map((row) => [proxyKey(row), row]));
  const keep = (storedValue: string | undefined, plain: string) => (storedValue !== undefined && box.open(storedValue) === plain ? storedValue : box.seal(plain));
  return proxies.map((proxy) => {
    const row = byKey.get(proxyKey(proxy));
    return { username: keep(row?.username, proxy.username), password: keep(row?.password, proxy.password) };
  });
}

/**
 * Adds proxies or updates them by address and port: new login details make the proxy NEW again
 * (it must be checked anew); the same details keep its status. Login details are stored sealed.
 * Answers the rows written. Call inside a transaction so a list is written whole or not at all.
 */
export async function upsertProxies(db: Kysely<DB>, ownerId: number, proxies: readonly ProxyFields[]): Promise<ProxyListRow[]> {
  const now = Date.now();
  const written: ProxyListRow[] = [];
  for (let start = 0; start < proxies.length; start += ROWS_PER_STATEMENT) {
    const chunk = proxies.slice(start, start + ROWS_PER_STATEMENT);
    const logins = await sealedLogins(db, ownerId, chunk);
    const values = chunk.map((proxy, index) => ({
      owner_id: ownerId, host: proxy.host, port: proxy.port, ...logins[index]!, status: 'NEW', created_at: now,
    }));
    written.push(...await db.insertInto('proxies').values(values)
      .onConflict((oc) => oc.columns(['owner_id', 'host', 'port']).doUpdateSet((eb) => ({
        username: eb.ref('excluded.username'),
        password: eb.ref('excluded.password'),
        status: sql<string>`case when proxies.username = excluded.username and proxies.password = excluded.password then proxies.status else 'NEW' end`,
      })))
      .returning(LIST_COLUMNS)
      .execute());
  }
  const order = new Map(proxies.map((proxy, index) => [proxyKey(proxy), index]));
  return written.sort((a, b) => (order.get(proxyKey(a)) ?? 0) - (order.get(proxyKey(b)) ?? 0));
}

/** Deletes the user's proxies with these addresses and ports; answers the keys of those that went. */
export async function deleteProxies(db: Kysely<DB>, ownerId: number, ids: readonly ProxyId[]): Promise<ProxyId[]> {
  return db.transaction().execute(async (trx) => {
    const wanted = new Set(ids.map((id) => proxyKey({ host: id.address, port: id.port })));
    const rows = await trx.selectFrom('proxies').select(['id', 'host', 'port'])
      .where('owner_id', '=', ownerId).where('host', 'in', [...new Set(ids.map((id) => id.address))])
      .execute();
    const gone = rows.filter((row) => wanted.has(proxyKey(row)));
    if (gone.length === 0) return [];
    await trx.deleteFrom('proxies').where('owner_id', '=', ownerId).where('id', 'in', gone.map((row) => row.id)).execute();
    return gone.map((row) => ({ address: row.host, port: row.port }));
  });
}

/**
 * The proxies the engine may use: those the last check found alive (WORKING), in the order they
 * were added (for rotation), login details in clear. Unchecked and dead proxies are never used.
 */
export async function workingProxies(db: Kysely<DB>, ownerId: number): Promise<ProxyEntry[]> {
  const rows = await db.selectFrom('proxies').select(ENTRY_COLUMNS)
    .where('owner_id', '=', ownerId).where('status', '=', 'WORKING').orderBy('id').execute();
  return openEntries(db, rows);
}

/** How many proxies the user has and when the latest of them was checked (null: none ever was). */
export async function proxyCheckAge(db: Kysely<DB>, ownerId: number): Promise<{ count: number; lastCheckedAt: number | null }> {
  const row = await db.selectFrom('proxies')
    .select((eb) => [eb.fn.countAll<number | string | bigint>().as('count'), eb.fn.max('checked_at').as('last')])
    .where('owner_id', '=', ownerId).executeTakeFirst();
  const last = row?.last;
  return { count: Number(row?.count ?? 0), lastCheckedAt: last === null || last === undefined ? null : Number(last) };
}

/** Every proxy of the user with its login details in clear: what a check dials. */
export async function proxiesToCheck(db: Kysely<DB>, ownerId: number): Promise<ProxyEntry[]> {
  const rows = await db.selectFrom('proxies').select(ENTRY_COLUMNS).where('owner_id', '=', ownerId).orderBy('id').execute();
  return openEntries(db, rows);
}

function openEntries(db: Kysely<DB>, rows: { id: number; host: string; port: number; username: string; password: string; status: string; protocol: string }[]): ProxyEntry[] {
  const box = secretBoxOf(db);
  return rows.map((row) => ({ ...row, username: box.open(row.username), password: box.open(row.password), status: toProxyStatus(row.status) }));
}

/** What a check found: alive (protocol, latency) or dead (reason). */
export interface ProxyCheckOutcome {
  alive: boolean;
  protocol?: string;
  latencyMs?: number;
  reason?: string;
}

/** Records the outcome of a proxy check; answers the row as the table shows it (undefined if it is gone). */
export async function recordProxyCheck(db: Kysely<DB>, ownerId: number, proxyId: number, outcome: ProxyCheckOutcome): Promise<ProxyListRow | undefined> {
  return db.updateTable('proxies')
    .set({
      status: outcome.alive ? 'WORKING' : 'FAILED', checked_at: Date.now(), protocol: outcome.protocol ?? '',
      latency_ms: outcome.alive ? outcome.latencyMs ?? null : null, check_reason: outcome.alive ? '' : outcome.reason ?? '',
    })
    .where('owner_id', '=', ownerId).where('id', '=', proxyId)
    .returning(LIST_COLUMNS).executeTakeFirst();
}

/** Sets a proxy's status by hand (tests); answers the row as the table shows it. */
export async function setProxyStatus(db: Kysely<DB>, ownerId: number, proxyId: number, status: ProxyStatus): Promise<ProxyListRow | undefined> {
  return db.updateTable('proxies').set({ status, checked_at: Date.now() })
    .where('owner_id', '=', ownerId).where('id', '=', proxyId)
    .returning(LIST_COLUMNS).executeTakeFirst();
}
