import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { apiTokenPrefix, hashApiTokenSecret, newApiTokenSecret } from '../../platform/auth/api-token-secret';
import type { ApiTokensTable } from './api-tokens.tables';

/** A token row as the list needs it (never the hash). */
export type ApiTokenRow = Pick<Selectable<ApiTokensTable>, 'id' | 'name' | 'prefix' | 'created_at' | 'last_used_at'>;

const LISTED = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

/** The user's tokens, newest first. */
export async function listApiTokens(db: Kysely<DB>, ownerId: number): Promise<ApiTokenRow[]> {
  return db.selectFrom('api_tokens').select(LISTED).where('owner_id', '=', ownerId).orderBy('id', 'desc').execute();
}

/** Makes a token for the user; answers its row and the secret, which exists nowhere else from now on. */
export async function insertApiToken(db: Kysely<DB>, ownerId: number, name: string): Promise<{ row: ApiTokenRow; secret: string }> {
  const secret = newApiTokenSecret();
  const row = await db.insertInto('api_tokens')
    .values({ owner_id: ownerId, name, token_hash: hashApiTokenSecret(secret), prefix: apiTokenPrefix(secret), created_at: Date.now(), last_used_at: null })
    .returning(LISTED)
    .executeTakeFirstOrThrow();
  return { row, secret };
}

/** Deletes the user's token; false when it is not theirs or does not exist. */
export async function deleteApiToken(db: Kysely<DB>, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
