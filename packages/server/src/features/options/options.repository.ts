import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OPTION_DEFAULTS, optionsSchemaFor, type EngineOptions, type Options, type OptionsUpdate } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { openSealedJson, sealJsonPaths, type SecretPath } from '../../platform/crypto/secret-json';
import { advancedUpdatedAt } from '../../platform/db/advanced-updated-at';

// The engine's entry points of this feature, in one place: options, the proxy pool, blocked sites.
export { workingProxies, type ProxyEntry } from './proxies.repository';
export { blockedDomains, isBlockedSite } from './blocked-sites.repository';

interface OptionsRow {
  options: string;
  privileged: number;
  index_now_key: string;
}

const ROW_COLUMNS = ['options', 'privileged', 'index_now_key'] as const;

/**
 * The options that hold third-party credentials, stored sealed (platform/crypto): every indexer
 * API key, every captcha credential group (both columns, both tabs), the article sources' and the
 * spinners' credentials (their texts; numbers and flags stay as they are), the YouTube API key.
 */
export const OPTION_SECRET_PATHS: readonly SecretPath[] = [
  ['indexer', '*'],
  ['captchaPrimary', '*', '*'], ['captchaSecondary', '*', '*'],
  ['googleCaptchaPrimary', '*', '*'], ['googleCaptchaSecondary', '*', '*'],
  ['articleSources', '*', '*'], ['spinners', '*', '*'], ['youtubeApiKey'],
];

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

/**
 * The saved options over the defaults, read leniently: a saved value that no longer passes its
 * rule (a privileged account made standard, a hand-edited row, a renamed option) reads as its
 * default, so the engine and the screen always get a whole, valid object.
 */
export function optionsFromStored(text: string, privileged: boolean): Options {
  const stored = parseJsonObject(text);
  const schema = optionsSchemaFor(privileged);
  const merged: Record<string, unknown> = { ...OPTION_DEFAULTS };
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!Object.hasOwn(stored, key)) continue;
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return schema.parse(merged);
}

/** The user's options row with its secrets opened. */
async function findOptionsRow(db: Kysely<DB>, ownerId: number): Promise<OptionsRow | undefined> {
  const row = await db.selectFrom('user_options').select(ROW_COLUMNS).where('owner_id', '=', ownerId).executeTakeFirst();
  return row && { ...row, options: openSealedJson(secretBoxOf(db), row.options) };
}

/** The user's options row, made (with defaults and a fresh IndexNow key) on first use. */
async function ensureOptionsRow(db: Kysely<DB>, ownerId: number): Promise<OptionsRow> {
  const found = await findOptionsRow(db, ownerId);
  if (found) return found;
  const now = Date.now();
  await db.insertInto('user_options')
    .values({ owner_id: ownerId, index_now_key: randomBytes(16).toString('hex'), created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
  const made = await findOptionsRow(db, ownerId);
  if (!made) throw new Error(`user ${ownerId} has no options row after creating it`);
  return made;
}

/** Makes the user's options row (defaults, a fresh IndexNow key) if there is none yet. */
export async function ensureUserOptions(db: Kysely<DB>, ownerId: number): Promise<void> {
  await ensureOptionsRow(db, ownerId);
}

/** The options the screen shows and whether the account is privileged (nothing is written). */
export async function readOptions(db: Kysely<DB>, ownerId: number): Promise<{ options: Options; privileged: boolean }> {
  const row = await findOptionsRow(db, ownerId);
  const privileged = row?.privileged === 1;
  return { options: optionsFromStored(row?.options ?? '{}', privileged), privileged };
}

/** Is this account privileged (higher limits)? */
export async function isPrivileged(db: Kysely<DB>, ownerId: number): Promise<boolean> {
  return (await findOptionsRow(db, ownerId))?.privileged === 1;
}

/**
 * Saves an already validated update over the saved options (keys left out keep their value), the
 * credentials sealed, and answers the whole options object as saved (in clear).
 */
export async function saveOptions(db: Kysely<DB>, ownerId: number, update: OptionsUpdate, check?: (merged: Options) => void): Promise<Options> {
  return db.transaction().execute(async (trx) => {
    const row = await ensureOptionsRow(trx, ownerId);
    const saved = { ...optionsFromStored(row.options, row.privileged === 1), ...update };
    check?.(saved);
    const box = secretBoxOf(trx);
    const stored = sealJsonPaths(JSON.stringify(saved), OPTION_SECRET_PATHS, (secret) => box.seal(secret));
    await trx.updateTable('user_options').set({ options: stored, updated_at: advancedUpdatedAt(Date.now()) }).where('owner_id', '=', ownerId).execute();
    return saved;
  });
}

/**
 * Everything the engine reads from a user's options: each option (saved value or the spec's
 * suggested default), the privileged flag and the user's IndexNow key.
 */
export async function readEngineOptions(db: Kysely<DB>, ownerId: number): Promise<EngineOptions> {
  const row = await ensureOptionsRow(db, ownerId);
  const privileged = row.privileged === 1;
  return { ...optionsFromStored(row.options, privileged), privileged, indexNowKey: row.index_now_key };
}

/** Gives or takes the higher limits of a privileged account (an administrator's decision, e.g. from the CLI). */
export async function setPrivileged(db: Kysely<DB>, ownerId: number, privileged: boolean): Promise<void> {
  await ensureOptionsRow(db, ownerId);
  await db.updateTable('user_options').set({ privileged: privileged ? 1 : 0, updated_at: advancedUpdatedAt(Date.now()) }).where('owner_id', '=', ownerId).execute();
}

/** The user whose IndexNow key this is (the public key file answers only for a real key). */
export async function findOwnerByIndexNowKey(db: Kysely<DB>, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('user_options').select('owner_id').where('index_now_key', '=', key).executeTakeFirst();
  return row?.owner_id;
}
