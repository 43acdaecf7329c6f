/**
 * Ghost Admin API token authentication (https://ghost.org/docs/admin-api/#token-authentication):
 * the Admin API key of a custom integration is `{id}:{secret}`; each request carries
 * `Authorization: Ghost {token}`, a JWT signed HS256 with the hex-decoded secret, its header naming
 * the key (`kid` = id), its payload `iat`, `exp` (at most 5 minutes later) and `aud` = `/admin/`.
 * Written with node:crypto: three base64url parts, the last the HMAC-SHA256 of the first two.
 */
import { createHmac } from 'node:crypto';

/** How long a token lives: Ghost refuses tokens valid for more than 5 minutes. */
export const TOKEN_LIFETIME_SECONDS = 5 * 60;

export interface AdminApiKey {
  id: string;
  /** The secret, hex-decoded. */
  secret: Buffer;
}

/** The key's two halves, or null when it is not `id:secret` with a hex secret. */
export function parseAdminApiKey(key: string): AdminApiKey | null {
  const match = /^\s*([A-Za-z0-9]+):((?:[0-9a-fA-F]{2})+)\s*$/.exec(key);
  if (!match) return null;
  return { id: match[1]!, secret: Buffer.from(match[2]!, 'hex') };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A token for one request (or a few within its lifetime), issued at `nowMs`. */
export function adminToken(key: AdminApiKey, nowMs: number = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: key.id }));
  const payload = base64url(JSON.stringify({ iat, exp: iat + TOKEN_LIFETIME_SECONDS, aud: '/admin/' }));
  const signature = createHmac('sha256', key.secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
