import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  DeleteUserEmailsBodySchema, DeletedUserEmailsSchema, EMAIL_MESSAGES, EmailDownloadSchema, emailSettingsOf, EmailImportResultSchema, EmailSettingsSchema, EmailTestResultSchema,
  ErrorResponseSchema, UserEmailBodySchema, UserEmailListSchema, UserEmailRowSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { HttpError } from '../../platform/http/errors';
import { deleteEmails, findEmailsByAddress, listEmails, takeUnusedEmail, upsertEmails } from './user-emails.repository';
import { downloadCatchAllAddress } from './download-catch-all-address';
import { presentUserEmail } from './user-emails.presenter';
import { publishEmailsDeleted, publishEmailsInserted } from './user-emails.live';
import { importUserEmails } from './import-user-emails';
import { testEmailLogin } from './test-email-login';

const tags = ['emails'];

/** The email manager (spec 2 §7 "Emails"): the user's mailboxes, their import, and a real test login. */
export const userEmailRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/user_emails', {
    schema: { tags, summary: "The user's mailboxes (passwords in clear, as the grid shows them)", response: { 200: UserEmailListSchema } },
  }, async (request) => ({ emails: (await listEmails(db, currentUser(request).id)).map(presentUserEmail) }));

  app.put('/rest/user_emails', {
    schema: {
      tags, summary: 'Add a mailbox, or update the one with that address (its Used mark stays)',
      body: UserEmailBodySchema, response: { 200: UserEmailRowSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    await upsertEmails(db, userId, [request.body]);
    const [row] = (await findEmailsByAddress(db, userId, [request.body.address])).map(presentUserEmail);
    publishEmailsInserted(ctx, userId, [row!]);
    return row!;
  });

  app.delete('/rest/user_emails', {
    schema: {
      tags, summary: 'Delete mailboxes (body: JSON array of addresses); answers the addresses deleted',
      body: DeleteUserEmailsBodySchema, response: { 200: DeletedUserEmailsSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const deleted = await deleteEmails(db, userId, request.body);
    publishEmailsDeleted(ctx, userId, deleted);
    return { deleted };
  });

  app.post('/action/import/user_emails', {
    schema: {
      tags, summary: 'Import mailboxes: text files (multipart field file, repeated) of email:login:password:server:port:protocol:ssl lines; refused lines are listed',
      response: { 200: EmailImportResultSchema },
    },
  }, async (request) => importUserEmails(ctx, request, currentUser(request).id));

  app.get('/action/email_list/download', {
    schema: {
      tags, summary: 'Email source LIST: the next unused mailbox of the email manager, marked used; 409 when none is left',
      response: { 200: EmailDownloadSchema, 409: ErrorResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const taken = await takeUnusedEmail(db, userId);
    if (!taken) throw new HttpError(409, EMAIL_MESSAGES.noUnusedEmail);
    const row = presentUserEmail(taken);
    publishEmailsInserted(ctx, userId, [row]);
    return { emailSettings: emailSettingsOf(row) };
  });

  app.post('/action/email/download', {
    schema: {
      tags, summary: "Email source LINKLOOM: a fresh address at the user's catch-all mailbox's domain with its settings (after 500 ms); 409 without a catch-all",
      response: { 200: EmailDownloadSchema, 409: ErrorResponseSchema },
    },
  }, async (request) => downloadCatchAllAddress(ctx, currentUser(request).id));

  app.post('/action/email/test_login', {
    schema: {
      tags, summary: 'Really log in to a mailbox over IMAP or POP3 (and find the spam folder when asked), through the outbound policy and within 1 MB and 30 s; 422 with what to fix, never the server\'s own text',
      body: EmailSettingsSchema, response: { 200: EmailTestResultSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => testEmailLogin(request.body));
};
