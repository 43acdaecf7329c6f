import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { EMAIL_MESSAGES, parseEmailLine, type EmailImportResult, type UserEmailBody } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { spoolUpload } from '../../platform/files/spool-upload';
import { readLines } from '../../platform/files/lines';
import { HttpError } from '../../platform/http/errors';
import { findEmailsByAddress, upsertEmails } from './user-emails.repository';
import { presentUserEmail } from './user-emails.presenter';
import { publishEmailsInserted } from './user-emails.live';

/** Most mailboxes one import may carry (all files together). */
export const EMAIL_IMPORT_MAX_LINES = 100_000;

/**
 * POST /action/import/user_emails: several text files (multipart field `file`) of
 * `email:login:password:server:port:protocol:ssl` lines. The upload is spooled first; every line
 * is checked and each refused one listed (file, line, why); the good ones are added, or update the
 * mailbox of the same address, in one short transaction; then emailsInserted is published.
 */
export async function importUserEmails(ctx: AppContext, request: FastifyRequest, ownerId: number): Promise<EmailImportResult> {
  const upload = await spoolUpload(request);
  const good: UserEmailBody[] = [];
  const errorList: EmailImportResult['errorList'] = [];
  try {
    for (const file of upload.files) {
      if (!file.isText) {
        errorList.push({ file: file.filename, line: 0, message: EMAIL_MESSAGES.notTextFile });
        continue;
      }
      for await (const [number, text] of readLines(fs.createReadStream(file.path))) {
        if (text.trim() === '') continue;
        const line = parseEmailLine(text);
        if (line.ok) good.push(line.email);
        else errorList.push({ file: file.filename, line: number, message: line.message });
        if (good.length + errorList.length > EMAIL_IMPORT_MAX_LINES) throw new HttpError(413, EMAIL_MESSAGES.tooManyLines(EMAIL_IMPORT_MAX_LINES));
      }
    }
  } finally {
    await upload.remove();
  }
  const { db } = ctx.database;
  await db.transaction().execute((trx) => upsertEmails(trx, ownerId, good));
  const addresses = [...new Set(good.map((email) => email.address))];
  publishEmailsInserted(ctx, ownerId, (await findEmailsByAddress(db, ownerId, addresses)).map(presentUserEmail));
  return { imported: addresses.length, errorList };
}
