import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { openSealedJson, sealJsonPaths, type SecretPath } from '../../platform/crypto/secret-json';
import type { XwizardsTable } from './wizards.tables';

/**
 * The third-party secrets a wizard holds, stored sealed (platform/crypto) wherever a wizard is
 * stored (xwizards.wizard, campaigns.wizard_string): the accounts' password and the Manual
 * mailbox's password.
 */
export const WIZARD_SECRET_PATHS: readonly SecretPath[] = [['password'], ['emailAccount', 'emailPassword']];

/** A wizard's JSON text as stored: its secrets sealed. */
export function sealWizardText(db: Kysely<DB>, text: string): string {
  const box = secretBoxOf(db);
  return sealJsonPaths(text, WIZARD_SECRET_PATHS, (secret) => box.seal(secret));
}

/** A stored wizard text with its secrets in clear. */
export function openWizardText(db: Kysely<DB>, text: string): string {
  return openSealedJson(secretBoxOf(db), text);
}

const SUMMARY_COLUMNS = ['id', 'name', 'strategy_id', 'updated_at'] as const;
export type WizardRow = Selectable<XwizardsTable>;
export type WizardSummaryRow = Pick<WizardRow, (typeof SUMMARY_COLUMNS)[number]>;

/** The user's wizards, newest first (the list sorts by ID descending). */
export function listWizards(db: Kysely<DB>, ownerId: number): Promise<WizardSummaryRow[]> {
  return db.selectFrom('xwizards').select(SUMMARY_COLUMNS).where('owner_id', '=', ownerId).orderBy('id', 'desc').execute();
}

/** One wizard of the user (its secrets in clear), or 404 (another user's answers like a missing one). */
export async function getWizard(db: Kysely<DB>, ownerId: number, id: number): Promise<WizardRow> {
  const row = await db.selectFrom('xwizards').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return { ...row, wizard: openWizardText(db, row.wizard) };
}

export interface WizardFields {
  name: string;
  strategyId: number | null;
  /** The wizard's JSON text without its id and name (the row holds them). */
  wizard: string;
}

export function insertWizard(db: Kysely<DB>, ownerId: number, fields: WizardFields): Promise<WizardSummaryRow> {
  const now = Date.now();
  return db.insertInto('xwizards')
    .values({ owner_id: ownerId, name: fields.name, strategy_id: fields.strategyId, wizard: sealWizardText(db, fields.wizard), created_at: now, updated_at: now })
    .returning(SUMMARY_COLUMNS).executeTakeFirstOrThrow();
}

/** Changes the user's wizard; 404 when it is not theirs. */
export async function updateWizard(db: Kysely<DB>, ownerId: number, id: number, fields: Partial<WizardFields>): Promise<WizardSummaryRow> {
  const row = await db.updateTable('xwizards')
    .set({
      ...(fields.name !== undefined ? { name: fields.name } : {}),
      ...(fields.strategyId !== undefined ? { strategy_id: fields.strategyId } : {}),
      ...(fields.wizard !== undefined ? { wizard: sealWizardText(db, fields.wizard) } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', id).where('owner_id', '=', ownerId)
    .returning(SUMMARY_COLUMNS).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

/** Deletes the user's wizards; all or nothing: an id that is not theirs answers 404. */
export function deleteWizards(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom('xwizards').select('id').where('owner_id', '=', ownerId).where('id', 'in', wanted).execute();
    if (owned.length !== wanted.length) throw new NotFoundError();
    await trx.deleteFrom('xwizards').where('owner_id', '=', ownerId).where('id', 'in', wanted).execute();
    return wanted.sort((a, b) => a - b);
  });
}
