/**
 * Personal API tokens (issue 19.3): a user makes named tokens for scripts on a screen of their
 * own; a request with `Authorization: Bearer <secret>` then acts as that user. Shapes of the
 * calls and every message, written once for the server and the screen.
 */
import { z } from 'zod';
import { PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';

/** Longest token name. */
export const API_TOKEN_NAME_MAX = 100;
/** What every secret starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_SECRET_PREFIX = 'll_';
/** How many leading characters of a secret the list shows (the prefix and a few more). */
export const API_TOKEN_SHOWN_CHARS = 8;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Please enter a name for the token',
  nameTooLong: `The token name must be at most ${API_TOKEN_NAME_MAX} characters`,
  created: 'Token created. Copy it now: it will not be shown again.',
  shownOnce: 'This is the only time the token is shown. Copy it now and keep it somewhere safe: LinkLoom stores only a hash of it.',
  copied: 'Token copied to the clipboard',
  copyFailed: 'Could not copy: select the token and copy it by hand',
  revoked: 'Token revoked',
  confirmRevoke: 'Revoke this token? Scripts that use it will be refused from now on.',
  loadFailed: 'Failed to load API tokens.',
  empty: 'No API tokens yet: create one for each script or tool that calls LinkLoom',
  notFound: 'No such API token',
  /** A bearer token that is unknown or was revoked (401). */
  invalid: 'Invalid or revoked API token. Create a new one on the API tokens screen.',
  /** An Authorization header that is not `Bearer <token>` (401). */
  malformed: 'The Authorization header must be "Bearer <token>"',
  /** Token management with a token (403): only a signed-in browser session may do it. */
  sessionOnly: 'API tokens can only be created, listed and revoked from a signed-in browser session, not with an API token',
  /** Past the per-token limit (429). */
  tooManyRequests: (retryAfterSeconds: number) => `Too many requests with this API token. Try again in ${retryAfterSeconds} s.`,
} as const;

/** A token's name, as the New token dialog and POST /rest/api_tokens take it. */
export const ApiTokenNameSchema = z
  .string({ error: API_TOKEN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: API_TOKEN_MESSAGES.nameRequired })
  .max(API_TOKEN_NAME_MAX, { error: API_TOKEN_MESSAGES.nameTooLong })
  .refine(isPlainText, PLAIN_TEXT_RULE);

/** POST /rest/api_tokens */
export const CreateApiTokenBodySchema = z.object({ name: ApiTokenNameSchema });
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

/** One token as the list shows it: never the secret, only its first characters. */
export const ApiTokenSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The secret's first characters (`ll_Ab3d…`), to tell tokens apart. */
  prefix: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  /** Epoch milliseconds of the last call made with it (to the minute), or null if never used. */
  lastUsedAt: z.number().int().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** GET /rest/api_tokens: the user's tokens, newest first. */
export const ApiTokenListResponseSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof ApiTokenListResponseSchema>;

/** POST /rest/api_tokens answers 201 with the token and, this once, its secret. */
export const CreateApiTokenResponseSchema = z.object({
  token: ApiTokenSchema,
  secret: z.string().startsWith(API_TOKEN_SECRET_PREFIX),
});
export type CreateApiTokenResponse = z.infer<typeof CreateApiTokenResponseSchema>;

/** DELETE /rest/api_tokens/{id} answers the id revoked. */
export const RevokeApiTokenResponseSchema = z.object({ id: z.number().int().positive() });
