import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_IMPORT_MAX_ERRORS, ACCOUNT_MESSAGES, POSITIONAL_COLUMNS, accountFromFields, detectAccountLineFormat, headerColumns,
  isBlankRecord, splitPipeLine, type AccountColumns, type AccountFields, type AccountImportResponse, type AccountLineFormat,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { parseCsv } from '../../platform/files/csv';
import { readLines } from '../../platform/files/lines';
import { spoolUpload } from '../../platform/files/spool-upload';
import { HttpError } from '../../platform/http/errors';
import { PendingImport } from '../../platform/imports/pending-import';
import { countProfileAccounts, findProfileWithCampaign, identityKey, upsertImportChunk } from './accounts.repository';
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

/**
 * Hands the valid records to `writeChunk` a batch at a time (it answers how many of the batch
 * existed already); collects refused lines.
 */
async function writeRecords(writeChunk: (accounts: AccountFields[]) => Promise<number>, records: AsyncIterable<[number, string[]]>): Promise<AccountImportResponse> {
  const result: AccountImportResponse = { imported: 0, updated: 0, errors: [], errorsOmitted: 0 };
  let columns: AccountColumns = POSITIONAL_COLUMNS;
  let positional = true;
  let first = true;
  let batch = new Map<string, AccountFields>();
  let repeats = 0;
  const flush = async () => {
    const accounts = [...batch.values()];
    const existing = await writeChunk(accounts);
    result.updated += existing + repeats;
    result.imported += accounts.length - existing;
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
 * transaction waits on the client; the lines are then written a batch per short transaction under a
 * pending import (platform/imports), each batch noting what it changes, so other users' writes go
 * between batches, and a file that turns out broken (a quote never closed) or a server that dies
 * halfway leaves the profile as it was (the undo notes put it back). Each refused line comes back
 * with its number.
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
    const pending = await PendingImport.begin(db, { ownerId, kind: 'accounts', targetId: profileId });
    const result = await pending.run(() => writeRecords(async (accounts) => {
      let existing = 0;
      await pending.writeChunk(async (trx) => {
        existing = await upsertImportChunk(trx, ownerId, profileId, pending.id, accounts);
      });
      return existing;
    }, recordsOf(spooled.path, format)));
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
