import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_IMPORT_MAX_ERRORS, ACCOUNT_MESSAGES, POSITIONAL_COLUMNS, accountFromFields, detectAccountLineFormat, headerColumns,
  isBlankRecord, splitPipeLine, type AccountColumns, type AccountFields, type AccountImportResponse, type AccountLineFormat,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { parseCsv } from '../../platform/files/csv';
import { readLines } from '../../platform/files/lines';
import { spoolUpload } from '../../platform/files/spool-upload';
import { HttpError } from '../../platform/http/errors';
import { countProfileAccounts, existingKeys, findProfileWithCampaign, identityKey, upsertAccounts } from './accounts.repository';
import { publishAccountsChanged } from './accounts.live';

const BATCH_SIZE = 500;

/** The first non-empty line decides the layout (see shared domain/account-lines.ts). */
async function formatOf(file: string): Promise<AccountLineFormat | null> {
  for await (const [, line] of readLines(fs.createReadStream(file))) {
    if (line.trim() !== '') return detectAccountLineFormat(line);
  }
  return null;
}

/** The file's records with their line numbers, in either layout, streamed from disk. */
async function* recordsOf(file: string, format: AccountLineFormat): AsyncGenerator<[number, string[]]> {
  if (format === 'csv') {
    yield* parseCsv(fs.createReadStream(file));
    return;
  }
  for await (const [line, text] of readLines(fs.createReadStream(file))) yield [line, splitPipeLine(text)];
}

/** Upserts the valid records in batches inside the caller's transaction; collects refused lines. */
async function writeRecords(trx: Kysely<DB>, ownerId: number, profileId: number, records: AsyncIterable<[number, string[]]>): Promise<AccountImportResponse> {
  const result: AccountImportResponse = { imported: 0, updated: 0, errors: [], errorsOmitted: 0 };
  let columns: AccountColumns = POSITIONAL_COLUMNS;
  let positional = true;
  let first = true;
  let batch = new Map<string, AccountFields>();
  let repeats = 0;
  const flush = async () => {
    const accounts = [...batch.values()];
    const existing = await existingKeys(trx, profileId, accounts);
    await upsertAccounts(trx, ownerId, profileId, accounts);
    result.updated += existing.size + repeats;
    result.imported += accounts.length - existing.size;
    batch = new Map();
    repeats = 0;
  };
  for await (const [line, fields] of records) {
    if (isBlankRecord(fields)) continue;
    if (first) {
      first = false;
      const header = headerColumns(fields);
      if (header) {
        columns = header;
        positional = false;
        continue;
      }
    }
    const parsed = accountFromFields(fields, columns, positional);
    if (!parsed.ok) {
      if (result.errors.length < ACCOUNT_IMPORT_MAX_ERRORS) result.errors.push({ line, message: parsed.message });
      else result.errorsOmitted += 1;
      continue;
    }
    // A repeated identity in the file updates the earlier line: last one wins, never a duplicate.
    const key = identityKey(parsed.account.siteName, parsed.account.email);
    if (batch.has(key)) repeats += 1;
    batch.set(key, parsed.account);
    if (batch.size >= BATCH_SIZE) await flush();
  }
  if (batch.size > 0) await flush();
  return result;
}

/**
 * POST /action/import/profile/{id}: CSV or pipe-separated accounts into one of the user's
 * profiles, upserting by site + email. The upload is spooled whole (platform/files/spool-upload.ts)
 * and checked (size limit, text, a complete multipart body) before anything is written, so no
 * transaction waits on the client; the lines are then written in one transaction, so a file that turns
 * out broken (a quote never closed) imports nothing. Each refused line comes back with its number.
 */
export async function importAccounts(ctx: AppContext, request: FastifyRequest, ownerId: number, profileId: number): Promise<AccountImportResponse> {
  const { db } = ctx.database;
  const profile = await findProfileWithCampaign(db, profileId, ownerId);
  const upload = await spoolUpload(request);
  try {
    const spooled = upload.files[0]!;
    if (!spooled.isText) throw new HttpError(422, ACCOUNT_MESSAGES.notText);
    const format = await formatOf(spooled.path);
    if (format === null) throw new HttpError(422, ACCOUNT_MESSAGES.emptyFile);
    const result = await db.transaction().execute((trx) => writeRecords(trx, ownerId, profileId, recordsOf(spooled.path, format)));
    if (result.imported + result.updated === 0 && result.errors.length === 0) throw new HttpError(422, ACCOUNT_MESSAGES.emptyFile);
    if (result.imported + result.updated > 0) {
      const total = await countProfileAccounts(db, profileId);
      publishAccountsChanged(ctx, ownerId, profile, 'accountsImported', { profileId, imported: result.imported, updated: result.updated, total }, total);
    }
    return result;
  } finally {
    await upload.remove();
  }
}
