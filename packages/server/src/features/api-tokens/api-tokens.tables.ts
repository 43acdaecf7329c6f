import type { Generated } from 'kysely';

/** A personal API token; the secret itself is never stored, only its SHA-256 (hex). */
export interface ApiTokensTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** SHA-256 hex of the secret: how a bearer request finds its token. */
  token_hash: string;
  /** The secret's first characters, shown in the list to tell tokens apart. */
  prefix: string;
  created_at: number;
  /** Epoch ms of the last request made with it (updated at most once a minute); null if never used. */
  last_used_at: number | null;
}

/** This feature's tables (platform/db/schema.ts joins them into DB). */
export interface ApiTokenTables {
  api_tokens: ApiTokensTable;
}
