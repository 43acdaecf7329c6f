import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  AccountDeleteRequestSchema, AccountDeleteResponseSchema, AccountImportResponseSchema, AccountListQuerySchema,
  AccountListResponseSchema, AccountUpsertRequestSchema, AccountUpsertResponseSchema, ErrorResponseSchema, IdListSchema,
  IdParamsSchema, ProfileIdParamsSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { sendAttachment } from '../../platform/files/download';
import { sendJsonStream } from '../../platform/http/json-stream';
import { asksForPage } from '../../platform/http/paging';
import { countProfileAccounts, findProfileWithCampaign, listAccountPage } from './accounts.repository';
import { presentAccountList, presentProfile } from './accounts.presenter';
import { streamAllAccounts } from './stream-all-accounts';
import { saveAccount } from './save-account';
import { deleteProfileAccounts } from './delete-accounts';
import { exportProfile, exportProfiles } from './export-accounts';
import { importAccounts } from './import-accounts';

const tags = ['accounts'];
const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };
const CSV = 'text/csv; charset=utf-8';

/** Accounts of a profile, their import and exports (spec 1 section 7 "Profiles and accounts"). */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/accounts/:profileId', {
    schema: {
      tags,
      summary: "A profile's accounts with its campaign and profile: with page or pageSize, one page, sorted and filtered on the server; without them, every account (sorted and filtered as asked), streamed",
      params: ProfileIdParamsSchema, querystring: AccountListQuerySchema, response: { 200: AccountListResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const { profileId } = request.params;
    const { page, pageSize, sortField, sortOrder, site, email, username } = request.query;
    const profile = await findProfileWithCampaign(db, profileId, currentUser(request).id);
    if (!asksForPage(request.url)) {
      // No paging asked for: every account, streamed (a script written for the original reads them so;
      // the default page of 100 cut its answer silently, issue 38).
      const head = { campaign: { id: profile.campaign_id, name: profile.campaign_name }, profile: presentProfile(profile, await countProfileAccounts(db, profileId)) };
      return sendJsonStream(reply, streamAllAccounts(db, ctx.database.dialect, head, { sortField, sortOrder, filters: { site, email, username } }, profileId));
    }
    const [count, { rows, total }] = await Promise.all([
      countProfileAccounts(db, profileId),
      listAccountPage(db, ctx.database.dialect, profileId, { page, pageSize, sortField, sortOrder, filters: { site, email, username } }),
    ]);
    return presentAccountList(profile, count, rows, total);
  });

  app.put('/rest/account', {
    schema: {
      tags, summary: 'Add an account, or update the one with the same site and email',
      body: AccountUpsertRequestSchema, response: { 200: AccountUpsertResponseSchema, 201: AccountUpsertResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const { accountListId, ...fields } = request.body;
    const result = await saveAccount(ctx, currentUser(request).id, accountListId, fields);
    return reply.code(result.created ? 201 : 200).send(result);
  });

  app.delete('/rest/accounts/:profileId', {
    schema: {
      tags, summary: 'Delete accounts of a profile, named by site and email',
      params: ProfileIdParamsSchema, body: AccountDeleteRequestSchema, response: { 200: AccountDeleteResponseSchema, ...errors },
    },
  }, async (request) => ({
    deleted: await deleteProfileAccounts(ctx, currentUser(request).id, request.params.profileId, request.body),
  }));

  app.get('/action/export/profile/:id', {
    schema: { tags, summary: "A profile's accounts as CSV ({profile name}_accounts.csv)", params: IdParamsSchema, response: errors },
  }, async (request, reply) => {
    const file = await exportProfile(db, currentUser(request).id, request.params.id);
    return sendAttachment(reply, { filename: file.filename, contentType: CSV, body: file.body });
  });

  app.post('/action/export/profiles/:id', {
    schema: {
      tags, summary: 'Several profiles of a campaign as one CSV ({campaign name}_accounts.csv) with a profile column',
      params: IdParamsSchema, body: IdListSchema, response: errors,
    },
  }, async (request, reply) => {
    const file = await exportProfiles(db, currentUser(request).id, request.params.id, request.body);
    return sendAttachment(reply, { filename: file.filename, contentType: CSV, body: file.body });
  });

  app.post('/action/import/profile/:id', {
    schema: {
      tags, summary: 'Import accounts (multipart field file: CSV site,email,username,password or site|email|username|password lines)',
      params: IdParamsSchema, response: { 200: AccountImportResponseSchema, 400: ErrorResponseSchema, 406: ErrorResponseSchema, 413: ErrorResponseSchema, ...errors },
    },
  }, async (request) => importAccounts(ctx, request, currentUser(request).id, request.params.id));
};
