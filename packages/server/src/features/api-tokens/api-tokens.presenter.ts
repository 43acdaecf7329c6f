import type { ApiToken } from '@linkloom/shared';
import type { ApiTokenRow } from './api-tokens.repository';

/** A token row as the API shows it (bigint columns read as numbers on both dialects). */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}
