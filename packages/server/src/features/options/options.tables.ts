import type { Generated } from 'kysely';

/** One user's saved options (one row per user, made on first read or save). */
export interface UserOptionsTable {
  id: Generated<number>;
  owner_id: number;
  /** JSON object of the saved options; a key missing here reads as its default. */
  options: Generated<string>;
  /** Privileged accounts get the higher limits (spec 3 section 6); set by an administrator. */
  privileged: Generated<number>;
  /** This user's IndexNow key, served at /indexnow/{key}.txt. */
  index_now_key: string;
  /** The proxy monitor (migration 0023): NEW | CHECKING | STOPPING. */
  proxy_monitor: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A proxy of the user's pool, keyed by host and port; '' username and password when it needs no login. */
export interface ProxiesTable {
  id: Generated<number>;
  owner_id: number;
  host: string;
  port: number;
  username: Generated<string>;
  password: Generated<string>;
  /** NEW | WORKING | FAILED */
  status: Generated<string>;
  checked_at: number | null;
  /** What the last check found it speaks (migration 0023): 'http' (CONNECT), 'socks5', '' not known. */
  protocol: Generated<string>;
  /** Milliseconds to the judge's answer through it at the last check; null when it failed or was never checked. */
  latency_ms: number | null;
  /** Why the last check failed ('' when it worked). */
  check_reason: Generated<string>;
  created_at: number;
}

/** A domain the engine never posts to (it and its subdomains). */
export interface BlockedSitesTable {
  id: Generated<number>;
  owner_id: number;
  domain: string;
  created_at: number;
}

export interface OptionTables {
  user_options: UserOptionsTable;
  proxies: ProxiesTable;
  blocked_sites: BlockedSitesTable;
}
