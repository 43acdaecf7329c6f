import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashApiTokenSecret } from './api-token-secret';
import type { SessionUser } from './sessions.repository';

/** What a request's Authorization header says about a bearer token. */
export type BearerHeader =
  | { kind: 'none' }
  | { kind: 'malformed' }
  | { kind: 'token'; secret: string };

/** `last_used_at` is written at most this often per token, so a busy script does not write on every call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Reads `Authorization: Bearer <secret>` (the scheme in any case, RFC 9110). Another scheme
 * (Basic, …) is not ours and counts as none; `Bearer` with nothing usable after it is malformed.
 */
export function readBearerHeader(header: string | undefined): BearerHeader {
  if (header === undefined) return { kind: 'none' };
  const match = /^\s*bearer(?:\s+(.*))?$/i.exec(header);
  if (!match) return { kind: 'none' };
  const secret = (match[1] ?? '').trim();
  return /^[\x21-\x7e]{1,512}$/.test(secret) ? { kind: 'token', secret } : { kind: 'malformed' };
}

/** The user a token acts as, with what the caller needs to limit and stamp it. */
export interface TokenUser {
  tokenId: number;
  lastUsedAt: number | null;
  user: SessionUser;
}

/** The live token with this secret and its owner, or undefined (unknown or revoked). */
export async function findTokenUser(db: Kysely<DB>, secret: string): Promise<TokenUser | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.owner_id')
    .select(['api_tokens.id as tokenId', 'api_tokens.last_used_at as lastUsedAt', 'users.id', 'users.username', 'users.name'])
    .where('api_tokens.token_hash', '=', hashApiTokenSecret(secret))
    .executeTakeFirst();
  if (!row) return undefined;
  const lastUsedAt = row.lastUsedAt === null ? null : Number(row.lastUsedAt);
  return { tokenId: row.tokenId, lastUsedAt, user: { id: row.id, username: row.username, name: row.name } };
}

/**
 * Stamps the token's last use, unless it was stamped less than a minute ago (the condition is in
 * the statement too, so two processes racing write it once).
 */
export async function stampTokenUse(db: Kysely<DB>, token: Pick<TokenUser, 'tokenId' | 'lastUsedAt'>, now = Date.now()): Promise<void> {
  const staleBefore = now - LAST_USED_RESOLUTION_MS;
  if (token.lastUsedAt !== null && token.lastUsedAt > staleBefore) return;
  await db.updateTable('api_tokens').set({ last_used_at: now })
    .where('id', '=', token.tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', staleBefore)]))
    .execute();
}
