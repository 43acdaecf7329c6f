import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EMAIL_MESSAGES, catchAllAddress, createRng, emailSettingsOf, type EmailDownload } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { findCatchAll } from './user-emails.repository';
import { presentUserEmail } from './user-emails.presenter';

/** The spec's wait before a pre-created address is handed out (spec 2 §7). */
export const CATCH_ALL_DELAY_MS = 500;

/**
 * POST /action/email/download (the product's own email source, LINKLOOM): a fresh address made
 * from the user's catch-all pattern (`*` random, spintax expanded) with the catch-all mailbox's
 * login, password and server, after the spec's 500 ms. 409 when the user has no catch-all.
 */
export async function downloadCatchAllAddress(ctx: AppContext, ownerId: number): Promise<EmailDownload> {
  const catchAll = await findCatchAll(ctx.database.db, ownerId);
  if (!catchAll) throw new HttpError(409, EMAIL_MESSAGES.noCatchAll);
  await sleep(CATCH_ALL_DELAY_MS);
  const settings = emailSettingsOf(presentUserEmail(catchAll));
  return { emailSettings: { ...settings, emailAddress: catchAllAddress(catchAll.address, createRng(randomInt(2 ** 47))) } };
}
